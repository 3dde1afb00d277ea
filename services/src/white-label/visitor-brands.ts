import { DEFAULT_PLANS, brandLogoPath, domainEventOf, type EventStore, type EventType, type PlanName, type RecordedEvent } from '@linkledger/contracts';
import { evolveSubscription, noSubscription, paidPeriodRuns, type SubscriptionState } from '../billing/index.ts';
import { foldEvents } from '../commands/event-port.ts';
import { evolveQrLogos, NO_QR_LOGOS, qrLogoStream } from '../links/index.ts';
import type { BrandLogo, VisitorBrand, VisitorBrandLookup, VisitorPlace } from '../platform/visitor-brand-port.ts';
import { workspaceOfBrandStream } from './brand-state.ts';

/** The events that change which brand a page shows: brands, the subscriptions that grant `white_label`, plan edits. */
export const VISITOR_BRAND_EVENTS: EventType[] = [
  'WorkspaceBrandSet',
  'WorkspaceBrandRemoved',
  'PlanUpdated',
  'PlanChanged',
  'SubscriptionActivated',
  'SubscriptionRenewed',
  'SubscriptionCancelled',
  'SubscriptionExpired',
];
const PAGE = 1000;

interface KeptBrand {
  /** Built once per change, so a page built for it can be kept by its identity. */
  visitorBrand: VisitorBrand;
  logoId: number | null;
  logo: BrandLogo | null;
}

const subscriptionWorkspace = (stream: string) => {
  const match = /^subscription-(\d+)$/.exec(stream);
  return match ? Number(match[1]) : null;
};

/**
 * The brands of workspaces, for the pages visitors see on their custom domains
 * (docs/pages.md#white-label), in memory: followed from the log by the redirect cache's
 * subscription, so a page asks no store. A brand shows only on a verified domain of its
 * workspace and only while the workspace's plan grants `white_label`: the subscription of
 * each branded workspace and the plans' features are folded here too, so a downgrade, an
 * expiry or a plan edit takes the brand off with the event that records it, and a paid
 * period that ends takes it off at its end.
 */
export class VisitorBrands implements VisitorBrandLookup {
  private readonly brands = new Map<number, KeptBrand>();
  private readonly subscriptions = new Map<number, SubscriptionState>();
  /** Branded workspaces whose subscription or logo could not be read yet (a store that failed): read again later. */
  private readonly unsettled = new Set<number>();
  private settling: Promise<void> | null = null;
  private readonly whiteLabelByPlanId = new Map<number, { name: PlanName; whiteLabel: boolean }>(
    DEFAULT_PLANS.map((plan) => [plan.id, { name: plan.name, whiteLabel: plan.features.includes('white_label') }]),
  );

  constructor(
    private readonly events: EventStore,
    /** The workspace whose verified domain serves a host now, if any. */
    private readonly servingOwner: (host: string) => number | undefined,
    /** Where a failed read is reported: it never stops the subscription that feeds this (the redirect cache's). */
    private readonly onError: (error: unknown) => void = () => undefined,
  ) {}

  /** Folds every brand and plan edit up to and including `through`, then the subscriptions and logos of the branded workspaces. */
  async load(through: number): Promise<void> {
    for (let after = 0; ;) {
      const page = await this.events.readAll({
        after,
        before: through + 1,
        limit: PAGE,
        filter: { types: ['WorkspaceBrandSet', 'WorkspaceBrandRemoved', 'PlanUpdated'] },
      });
      for (const recorded of page) await this.apply(recorded, { fetchLate: false });
      if (page.length < PAGE) break;
      after = page.at(-1)!.position;
    }
    for (const workspaceId of this.brands.keys()) this.unsettled.add(workspaceId);
    await this.settle();
  }

  /** Reads what the unsettled workspaces still need; a failure is reported and tried again later. */
  private async settle(): Promise<void> {
    for (const workspaceId of [...this.unsettled]) {
      try {
        await this.follow(workspaceId);
        this.unsettled.delete(workspaceId);
      } catch (error) {
        this.onError(error);
      }
    }
  }

  /** Tries the unsettled workspaces again from a visit, once at a time, without holding the visit up. */
  private settleLater(): void {
    if (this.unsettled.size === 0 || this.settling) return;
    this.settling = this.settle().finally(() => {
      this.settling = null;
    });
  }

  /**
   * Applies one event of VISITOR_BRAND_EVENTS (others are passed over). Never throws: the
   * redirect cache's subscription calls it, and a throw there would stop every link change from
   * reaching the redirects. A read that fails leaves the workspace unsettled (its pages ours, as
   * without a known plan) and is tried again with the next event or visit.
   */
  async apply(recorded: RecordedEvent, options = { fetchLate: true }): Promise<void> {
    try {
      await this.applyOne(recorded, options);
    } catch (error) {
      this.onError(error);
    }
    if (options.fetchLate) await this.settle();
  }

  private async applyOne(recorded: RecordedEvent, options: { fetchLate: boolean }): Promise<void> {
    const event = domainEventOf(recorded);
    if (!event) return;
    switch (event.type) {
      case 'WorkspaceBrandSet': {
        const { workspace_id, name, primary_color, background_color, logo_id } = event.data;
        this.brands.set(workspace_id, {
          visitorBrand: { name, primaryColor: primary_color, backgroundColor: background_color, logoUrl: null },
          logoId: logo_id,
          logo: null,
        });
        // Its logo (and, the first time, its subscription) are read by `settle`, which a failing store cannot stop.
        if (options.fetchLate) this.unsettled.add(workspace_id);
        return;
      }
      case 'WorkspaceBrandRemoved': {
        const workspaceId = workspaceOfBrandStream(recorded.stream) ?? event.data.workspace_id;
        this.brands.delete(workspaceId);
        this.subscriptions.delete(workspaceId);
        this.unsettled.delete(workspaceId);
        return;
      }
      case 'PlanUpdated':
        this.whiteLabelByPlanId.set(event.data.plan_id, { name: event.data.name, whiteLabel: event.data.features.includes('white_label') });
        return;
      default: {
        const workspaceId = subscriptionWorkspace(recorded.stream);
        const before = workspaceId === null ? undefined : this.subscriptions.get(workspaceId);
        if (before) this.subscriptions.set(workspaceId!, evolveSubscription(before, event));
      }
    }
  }

  forPlace(place: VisitorPlace, now: Date): VisitorBrand | null {
    return place.host === null ? null : this.forHost(place.host, now);
  }

  /** The brand of a custom domain's pages; null on our host (null) or where the workspace shows none. */
  forHost(host: string | null, now: Date): VisitorBrand | null {
    if (host === null || this.brands.size === 0) return null;
    this.settleLater();
    const owner = this.servingOwner(host);
    return owner === undefined ? null : this.forWorkspace(owner, now);
  }

  /** The logo a visitor's page of the workspace loads: only its brand's current one, only while the brand shows. */
  logo(workspaceId: number, logoId: number, now: Date): BrandLogo | null {
    const kept = this.brands.get(workspaceId);
    if (!kept || kept.logoId !== logoId || !this.showsBrand(workspaceId, now)) return null;
    return kept.logo;
  }

  private forWorkspace(workspaceId: number, now: Date): VisitorBrand | null {
    const kept = this.brands.get(workspaceId);
    return kept && this.showsBrand(workspaceId, now) ? kept.visitorBrand : null;
  }

  /** Whether the workspace's plan grants `white_label` now, as billing's feature gate decides (docs/plans.md#feature-gate). */
  private showsBrand(workspaceId: number, now: Date): boolean {
    const subscription = this.subscriptions.get(workspaceId);
    if (!subscription) return false;
    const planName = paidPeriodRuns(subscription, now) ? subscription.planType : 'free';
    for (const plan of this.whiteLabelByPlanId.values()) if (plan.name === planName) return plan.whiteLabel;
    return false;
  }

  /** Starts following a branded workspace's subscription (the first time) and reads its brand's logo. */
  private async follow(workspaceId: number): Promise<void> {
    if (!this.subscriptions.has(workspaceId)) {
      const recorded = await this.events.readStream(`subscription-${workspaceId}`);
      this.subscriptions.set(workspaceId, foldEvents(recorded, evolveSubscription, noSubscription));
    }
    const kept = this.brands.get(workspaceId);
    if (kept && kept.logoId !== null && kept.logo === null) {
      const logo = await this.logoOf(workspaceId, kept.logoId);
      this.brands.set(workspaceId, { ...kept, logo, visitorBrand: { ...kept.visitorBrand, logoUrl: logo ? brandLogoPath(workspaceId, kept.logoId) : null } });
    }
  }

  private async logoOf(workspaceId: number, logoId: number): Promise<BrandLogo | null> {
    const logos = foldEvents(await this.events.readStream(qrLogoStream(workspaceId)), evolveQrLogos, NO_QR_LOGOS);
    const logo = logos.byId.get(logoId);
    return logo ? { contentType: logo.content_type, bytes: Buffer.from(logo.image_base64, 'base64') } : null;
  }
}
