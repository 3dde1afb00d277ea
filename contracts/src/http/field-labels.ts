/**
 * What a person calls a request's fields: the label the screen shows beside it
 * (docs/web-app.md#messages-and-toasts). The API's messages name fields this way; the machine name
 * travels beside the message in the answer's `field`. A field not listed is named by its
 * words, with the usual capitals (`billing_cycle` → "Billing cycle", `client_id` → "Client ID").
 */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  original_url: 'Destination URL',
  url: 'Destination URL',
  short_code: 'Custom short code',
  password: 'Password',
  new_password: 'New password',
  current_password: 'Current password',
  email: 'Email',
  new_email: 'New email',
  test_email: 'Test email address',
  username: 'Username',
  full_name: 'Full name',
  phone: 'Phone',
  date_from: 'From date',
  date_to: 'To date',
  redirect_uri: 'Redirect URI',
  auth_url: 'Auth URL',
  token_url: 'Token URL',
  userinfo_url: 'Userinfo URL',
  frontend_url: 'Frontend URL',
  trai_header: 'TRAI header',
  dlt_registration_id: 'DLT registration ID',
  second_factor_code: 'Authentication code',
  is_active: 'Active',
  sort_by: 'Sort by',
  starts_at: 'Starts at',
  expires_at: 'Expires at',
  max_clicks: 'Max clicks',
  expired_url: 'Expired URL',
  utm_source: 'UTM source',
  utm_medium: 'UTM medium',
  utm_campaign: 'UTM campaign',
  utm_term: 'UTM term',
  utm_content: 'UTM content',
};

const CAPITALS: Readonly<Record<string, string>> = {
  url: 'URL',
  uri: 'URI',
  id: 'ID',
  ids: 'IDs',
  api: 'API',
  dlt: 'DLT',
  trai: 'TRAI',
  smtp: 'SMTP',
  gst: 'GST',
  qr: 'QR',
  dns: 'DNS',
  sql: 'SQL',
  ip: 'IP',
  utc: 'UTC',
};

/** The label of a field, by its machine name (the last part of a path such as `links.0.original_url`). */
export function fieldLabel(name: string): string {
  const known = FIELD_LABELS[name];
  if (known) return known;
  const words = name
    .split(/[_\s]+/)
    .filter(Boolean)
    .map((word) => CAPITALS[word.toLowerCase()] ?? word.toLowerCase());
  if (words.length === 0) return name;
  const [first, ...rest] = words;
  return [first!.charAt(0).toUpperCase() + first!.slice(1), ...rest].join(' ');
}

/**
 * A message with every machine field name in it (the listed ones with an underscore, and the
 * field the message is about when it has one) replaced by its label: "original_url must
 * be…" → "Destination URL must be…". Plain words ("email") are left alone: in a sentence they
 * already read as words.
 */
export function withFieldLabels(message: string, field?: string): string {
  const names = new Set(Object.keys(FIELD_LABELS).filter((name) => name.includes('_')));
  if (field?.includes('_')) names.add(field);
  let labelled = message;
  for (const name of [...names].sort((a, b) => b.length - a.length)) {
    labelled = labelled.replace(new RegExp(`(?<![\\w/.-])${name}(?![\\w/-])`, 'g'), fieldLabel(name));
  }
  return labelled;
}
