import { momentLabel } from '../../../format/dates.ts';

/** When a payment was made, en-IN in the viewer's time zone: "5 Jun 2026, 3:04 pm". */
export const paymentMoment = momentLabel;
