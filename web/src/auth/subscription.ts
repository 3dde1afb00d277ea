import { create } from 'zustand';
import { billingApi } from '../api/endpoints.ts';
import type { Subscription } from '../api/types.ts';

interface SubscriptionState {
  subscription: Subscription | null;
  /** Set when the call failed: screens fall back to the free plan (docs/plans.md#when-the-subscription-cannot-be-read). */
  failed: boolean;
  load(): Promise<void>;
  reset(): void;
}

export const useSubscription = create<SubscriptionState>((set) => ({
  subscription: null,
  failed: false,
  async load() {
    try {
      set({ subscription: await billingApi.current(), failed: false });
    } catch (error) {
      console.error('Could not load the subscription', error);
      set({ failed: true });
    }
  },
  reset: () => set({ subscription: null, failed: false }),
}));
