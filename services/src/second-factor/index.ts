// The second-factor feature as other features may use it: its only public face (docs/architecture.md#dependency-rules).
export { proveSecondFactorForReset, resetNeedsSecondFactor } from './password-reset.ts';
export { finishSignIn } from './sign-in.ts';
