/**
 * The pictures of class sign-in (issue 34 §2, decision 0064): a child who cannot read yet finds
 * their name by their own picture and signs in with two secret pictures tapped in order. Never a
 * photo: drawings from the app's icon set, named for the spoken label and the alt text.
 */

/** Each student's own picture, given at random when the account is made (users.picture). */
export const STUDENT_PICTURES = [
  'cat',
  'dog',
  'fish',
  'bird',
  'rabbit',
  'turtle',
  'squirrel',
  'snail',
  'bug',
  'panda',
  'worm',
  'shrimp',
  'rocket',
  'car',
  'bus',
  'bike',
  'sailboat',
  'tractor',
  'train',
  'plane',
  'truck',
  'anchor',
  'crown',
  'umbrella',
] as const;
export type StudentPicture = (typeof STUDENT_PICTURES)[number];

/**
 * The grid of nine a child taps their two secret pictures from: things, not animals or vehicles,
 * so the grid is never mistaken for the names' pictures.
 */
export const SECRET_PICTURES = [
  'apple',
  'banana',
  'cherry',
  'star',
  'moon',
  'sun',
  'flower',
  'tree',
  'house',
] as const;
export type SecretPicture = (typeof SECRET_PICTURES)[number];

/** What a picture is called, for its alt text and for read aloud. */
export const PICTURE_NAMES = {
  cat: /*i18n*/ 'cat',
  dog: /*i18n*/ 'dog',
  fish: /*i18n*/ 'fish',
  bird: /*i18n*/ 'bird',
  rabbit: /*i18n*/ 'rabbit',
  turtle: /*i18n*/ 'turtle',
  squirrel: /*i18n*/ 'squirrel',
  snail: /*i18n*/ 'snail',
  bug: /*i18n*/ 'ladybug',
  panda: /*i18n*/ 'panda',
  worm: /*i18n*/ 'worm',
  shrimp: /*i18n*/ 'shrimp',
  rocket: /*i18n*/ 'rocket',
  car: /*i18n*/ 'car',
  bus: /*i18n*/ 'bus',
  bike: /*i18n*/ 'bike',
  sailboat: /*i18n*/ 'sailboat',
  tractor: /*i18n*/ 'tractor',
  train: /*i18n*/ 'train',
  plane: /*i18n*/ 'plane',
  truck: /*i18n*/ 'truck',
  anchor: /*i18n*/ 'anchor',
  crown: /*i18n*/ 'crown',
  umbrella: /*i18n*/ 'umbrella',
  apple: /*i18n*/ 'apple',
  banana: /*i18n*/ 'banana',
  cherry: /*i18n*/ 'cherry',
  star: /*i18n*/ 'star',
  moon: /*i18n*/ 'moon',
  sun: /*i18n*/ 'sun',
  flower: /*i18n*/ 'flower',
  tree: /*i18n*/ 'tree',
  house: /*i18n*/ 'house',
} as const satisfies Record<StudentPicture | SecretPicture, string>;
