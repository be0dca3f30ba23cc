/** Spec section 5: at least 8 characters with lowercase, uppercase, digits and symbols. */
export const PASSWORD_MIN_LENGTH = 8;

/** The rules a password breaks, as translation keys under auth:password (empty when it is acceptable). */
export function passwordProblems(password: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) {
    problems.push('auth:password.length');
  }
  if (!/[a-z]/.test(password)) {
    problems.push('auth:password.lowercase');
  }
  if (!/[A-Z]/.test(password)) {
    problems.push('auth:password.uppercase');
  }
  if (!/[0-9]/.test(password)) {
    problems.push('auth:password.digit');
  }
  if (!/[^A-Za-z0-9]/.test(password)) {
    problems.push('auth:password.symbol');
  }
  return problems;
}

/** E.164 phone numbers, as Cognito's phone_number attribute requires (+ then 8 to 15 digits). */
export function isPhoneNumber(value: string): boolean {
  return /^\+[1-9][0-9]{7,14}$/.test(value);
}
