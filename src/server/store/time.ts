/** RFC 3339 text for the wire; the database drivers return timestamptz columns as Date. */
export function iso(value: Date | string | number): string {
  return new Date(value).toISOString();
}
