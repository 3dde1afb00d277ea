// The surveys feature as other features may use it: its only public face (docs/architecture.md#dependency-rules).
export { serveSurvey } from './survey-page.ts';
