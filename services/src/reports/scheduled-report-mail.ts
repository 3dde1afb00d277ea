import { composeMail } from '../mail/compose-mail.ts';
import type { MailMessage } from '../mail/mailer.ts';
import { reportTitle } from './report-pdf.ts';
import type { ReportFigures } from './report-figures.ts';

const FREQUENCY_WORD = { weekly: 'weekly', monthly: 'monthly' } as const;

/** A scheduled report's mail (docs/reports.md#schedules): what it covers in a few words, the PDF attached. */
export function scheduledReportMail(to: string, figures: ReportFigures, frequency: 'weekly' | 'monthly', pdf: Buffer): MailMessage {
  const title = reportTitle(figures);
  return {
    ...composeMail(
      to,
      title,
      [
        `Your ${FREQUENCY_WORD[frequency]} analytics report is attached.`,
        title,
        `Clicks: ${figures.clicks}. Unique visitors: ${figures.analytics.unique_visitors}.`,
      ],
      'You receive this report because an owner or admin of your workspace scheduled it for you.',
    ),
    attachments: [{ filename: `report_${figures.scope}_${figures.period.from}_${figures.period.to}.pdf`, contentType: 'application/pdf', content: pdf }],
  };
}
