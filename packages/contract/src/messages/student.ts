// Messages without schemas: screens that only show them need not load zod (issue 17's budgets).
// The schema module re-exports them, so existing imports keep working.

/** Spec section 5 and the server messages, one place for server and web. */
export const STUDENT_MESSAGES = {
  phoneRequired: 'Phone number is required',
  phoneDigits: 'Phone number must be 10 digits',
  phoneExactDigits: 'Phone number must be exactly 10 digits',
  nameRequired: 'Name is required',
  placeRequired: 'Place is required',
  classRequired: 'Class is required',
  classInvalid: 'Please choose an education level from the list',
  nameTooLong: 'Name must be at most 80 characters',
  placeTooLong: 'Place must be at most 80 characters',
  schoolTooLong: 'Institution must be at most 120 characters',
  nameNoLetter: 'Name must contain a letter',
  placeNoLetter: 'Place must contain a letter',
  schoolNoLetter: 'Institution must contain a letter or a number',
  unreadableCharacters: 'Please remove the characters that cannot be shown (shown as �)',
  imageType: 'Please select an image file',
  imageSize: 'Image must be less than 2MB',
  registered: 'User registered successfully',
  phoneTaken: 'Phone number already registered',
  noAccount: 'No account found for this number. Please register.',
  profileUpdated: 'Profile updated successfully',
  profileUpdateFailed: 'Failed to update profile',
  profileLoadFailed: 'Failed to load profile',
  notProvided: 'Not provided',
  logoutConfirm: 'Are you sure want to logout?',
  guestName: 'Guest User',
  guestEmail: 'guest@quizcast.app',
} as const;
