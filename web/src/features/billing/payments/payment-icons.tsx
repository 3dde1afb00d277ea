import type { ReactNode } from 'react';
import { ClockIcon, Icon } from '../../../ui/icons.tsx';
import type { PaymentMethodItem } from '@linkledger/contracts';
import type { PaymentTone } from './payment-status.ts';

/** The pictures of payment methods and payment statuses (decorative: the words beside them say it). */

/** The lines of each payment method's picture. */
const METHOD_SHAPES: Record<PaymentMethodItem['icon'], ReactNode> = {
  card: (
    <>
      <rect x="3" y="5.5" width="18" height="13" rx="2" />
      <path d="M3 10h18M7 15h4" />
    </>
  ),
  upi: (
    <>
      <rect x="6.5" y="2.5" width="11" height="19" rx="2" />
      <path d="M10.5 18.5h3M10 8l2 5 2-5" />
    </>
  ),
  bank: <path d="M3 9.5 12 4l9 5.5M5 10v7M9.5 10v7M14.5 10v7M19 10v7M3.5 20h17" />,
  wallet: (
    <>
      <path d="M4 7.5A2.5 2.5 0 0 1 6.5 5H18v3" />
      <rect x="4" y="8" width="16" height="11" rx="2" />
      <path d="M16 13.5h.01" />
    </>
  ),
};

/** A bank card: the sidebar's Payments entry uses it too. */
export function CardIcon() {
  return <Icon>{METHOD_SHAPES.card}</Icon>;
}

export function MethodIcon({ icon }: { icon: PaymentMethodItem['icon'] }) {
  return <Icon>{METHOD_SHAPES[icon] ?? METHOD_SHAPES.card}</Icon>;
}

/** The mark inside the circle of each settled status. */
const STATUS_MARKS: Record<Exclude<PaymentTone, 'waiting'>, string> = {
  success: 'm8 12.5 2.75 2.75L16 10',
  error: 'm9 9 6 6M15 9l-6 6',
  neutral: 'M8 12h8',
};

export function StatusIcon({ tone }: { tone: PaymentTone }) {
  if (tone === 'waiting') return <ClockIcon />;
  return (
    <Icon>
      <circle cx="12" cy="12" r="9" />
      <path d={STATUS_MARKS[tone]} />
    </Icon>
  );
}
