// The api-keys feature as other features may use it: its only public face (docs/architecture.md#dependency-rules).
export { admitApiCall, apiKeyHeader, keyActsIn, keyOwner } from './authenticate-key.ts';
export { type ApiKeyState, evolveApiKey, noApiKeyState } from './api-key-state.ts';
export { revokeCurrentKey } from './api-key-deciders.ts';
