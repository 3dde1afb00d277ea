/** An ISO instant as 'YYYY-MM-DD hh:mm:ss.sss', the form ClickHouse's DateTime64(3, 'UTC') columns and parameters take. */
export const clickhouseTime = (iso: string) => iso.replace('T', ' ').replace('Z', '');
