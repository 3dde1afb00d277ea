import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { QrLogoUploaded } from '@linkledger/contracts';
import { sendWorkspaceImage, workspaceLogo } from '../links/index.ts';
import type { Platform } from '../platform/platform.ts';
import { currentPage } from './bio-page-state.ts';

/**
 * Where a page loads its avatar (docs/pages.md#link-in-bio-pages): a path outside `/api` that no
 * short link can take (four segments), answered on every host, so the image shows on custom domains too.
 */
export const BIO_AVATAR_ROUTE = '/_avatar/:workspaceId/:pageId/:imageId';

/** The avatar's address: a new image is a new address, so a browser never keeps an old one. */
export const avatarPath = (workspaceId: number, pageId: number, imageId: number) => `/_avatar/${workspaceId}/${pageId}/${imageId}`;

const AvatarParams = z.object({
  workspaceId: z.coerce.number().int().positive(),
  pageId: z.coerce.number().int().positive(),
  imageId: z.coerce.number().int().positive(),
});

/** How many bytes of avatars a process keeps; past it the cache starts again (a page view then reads its image once more). */
const CACHED_BYTES_LIMIT = 32 * 1024 * 1024;

/**
 * Avatars by (workspace, image id), in memory: an uploaded image never changes under its id, and
 * reading one folds the workspace's whole image stream, which a page view must not do each time.
 */
class AvatarImages {
  private readonly images = new Map<string, QrLogoUploaded>();
  private bytes = 0;

  constructor(private readonly platform: Pick<Platform, 'events'>) {}

  async get(workspaceId: number, imageId: number): Promise<QrLogoUploaded | null> {
    const key = `${workspaceId}:${imageId}`;
    const held = this.images.get(key);
    if (held) return held;
    const image = await workspaceLogo(this.platform, workspaceId, imageId);
    if (!image) return null;
    const size = image.image_base64.length;
    if (this.bytes + size > CACHED_BYTES_LIMIT) {
      this.images.clear();
      this.bytes = 0;
    }
    this.images.set(key, image);
    this.bytes += size;
    return image;
  }
}

const cachesOf = new WeakMap<Pick<Platform, 'events'>, AvatarImages>();
const avatarImages = (platform: Pick<Platform, 'events'>) => {
  let cache = cachesOf.get(platform);
  if (!cache) cachesOf.set(platform, (cache = new AvatarImages(platform)));
  return cache;
};

/** A page's avatar while it is the page's current one: null for a deleted page, a page without one, or an older image. */
async function pageAvatar(platform: Pick<Platform, 'events'>, workspaceId: number, pageId: number, imageId?: number): Promise<QrLogoUploaded | null> {
  const page = await currentPage(platform, workspaceId, pageId);
  if (!page?.avatarImageId || (imageId !== undefined && imageId !== page.avatarImageId)) return null;
  return avatarImages(platform).get(workspaceId, page.avatarImageId);
}

/** Serves avatars at BIO_AVATAR_ROUTE, on our host and on customer domains alike. */
export function bioAvatarRoute(app: FastifyInstance, platform: Platform): void {
  app.get(BIO_AVATAR_ROUTE, { schema: { hide: true } }, async (request, reply) => {
    const params = AvatarParams.safeParse(request.params);
    const image = params.success ? await pageAvatar(platform, params.data.workspaceId, params.data.pageId, params.data.imageId) : null;
    if (!image) return reply.code(404).type('text/plain; charset=utf-8').header('cache-control', 'no-store').send('No such avatar.\n');
    // The address names the image, which never changes: a browser may keep it.
    return sendWorkspaceImage(reply, image, 'public, max-age=86400, immutable');
  });
}
