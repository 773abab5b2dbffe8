/** 1st, 2nd, 3rd, 4th, 11th, 12th, 13th, 21st, 111th... */
export function ordinal(n: number): string {
  const lastTwo = Math.abs(n) % 100;
  if (lastTwo >= 11 && lastTwo <= 13) return `${n}th`;
  const suffix = ['th', 'st', 'nd', 'rd'][Math.abs(n) % 10] ?? 'th';
  return `${n}${suffix}`;
}

/**
 * A whole number with en-US thousands separators: "1,234", "-5" (Intl.NumberFormat('en-US')'s
 * output, without loading ICU's data; see formatCents).
 */
export function formatCount(n: number): string {
  const whole = Math.sign(n) * Math.round(Math.abs(n)) + 0; // −0 would print as "-0"
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** Minutes as h:mm ("9:00", "0:05"). */
export function formatDuration(minutes: number): string {
  const whole = Math.max(0, Math.trunc(minutes));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}
