// The payments feature as other features may use it: its only public face (docs/architecture.md#dependency-rules).
export { unusedCredit } from './payment-quote.ts';
export { formatInr } from './receipt/money.ts';
