// The api-keys feature as other features may use it: its only public face (docs/architecture.md#dependency-rules).
export { admitApiCall, keyOwner } from './authenticate-key.ts';
export { type ApiKeyState, evolveApiKey, noApiKeyState, revokeCurrentKey } from './decide.ts';
