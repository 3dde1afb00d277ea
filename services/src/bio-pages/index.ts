// The link-in-bio pages as other features may use them: their only public face (docs/architecture.md#dependency-rules).
export { serveBioPage } from './bio-page-server.ts';
export { BIO_AVATAR_ROUTE } from './bio-page-avatars.ts';
