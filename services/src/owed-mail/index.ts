// The owed-mail feature as other features may use it: its only public face (docs/architecture.md#dependency-rules).
export { fixedMailId, mailOwed, type MailToOwe, oweEachOnceDecider, owedMailSpec, owingMail, owingMails } from './owed-mail-deciders.ts';
export type { OwedMailComposer } from './owed-mail-sender.ts';
export type { OwedMailState } from './owed-mail-state.ts';
