import { zodResolver } from '@hookform/resolvers/zod';
import {
  findTeamQuerySchema,
  forgotPasswordSchema,
  type Language,
  loginSchema,
  newStudentSchema,
  reminderSettingsSchema,
  resetPasswordFormSchema,
  schoolCodeQuerySchema,
  schoolSignupRequestSchema,
  semesterFormSchemaIn,
  studentEmailSchema,
  subscriptionCheckoutRequestSchema,
  teamRenameSchema,
  userSignupFormSchema,
  userUpdateFormSchema,
} from '@wellbank/domain';

/** The interval form's dates as its reader's language types them, per language. */
const semesterIn = {
  en: zodResolver(semesterFormSchemaIn('en')),
  es: zodResolver(semesterFormSchemaIn('es')),
} satisfies Record<Language, unknown>;

/** The form passes its language as react-hook-form's `context` (English without one). */
const semester: typeof semesterIn.en = (values, context, options) =>
  semesterIn[(context as { language?: Language } | undefined)?.language ?? 'en'](
    values,
    context,
    options,
  );

const userUpdateResolver = (currentEmail: string | null) =>
  zodResolver(userUpdateFormSchema(currentEmail));

/** The profile form passes the account's address as `context`: a new one needs the password. */
const userUpdate: ReturnType<typeof userUpdateResolver> = (values, context, options) =>
  userUpdateResolver((context as { currentEmail?: string | null } | undefined)?.currentEmail ?? '')(
    values,
    context,
    options,
  );

/** Every form's validation, from the domain schemas. Loaded on first submit (see lazy-resolver). */
export const resolvers = {
  login: zodResolver(loginSchema),
  forgotPassword: zodResolver(forgotPasswordSchema),
  resetPassword: zodResolver(resetPasswordFormSchema),
  schoolCode: zodResolver(schoolCodeQuerySchema),
  findTeam: zodResolver(findTeamQuerySchema),
  schoolSignup: zodResolver(schoolSignupRequestSchema),
  userSignup: zodResolver(userSignupFormSchema),
  userUpdate,
  semester,
  teamRename: zodResolver(teamRenameSchema),
  newStudent: zodResolver(newStudentSchema),
  studentEmail: zodResolver(studentEmailSchema),
  reminders: zodResolver(reminderSettingsSchema),
  subscription: zodResolver(subscriptionCheckoutRequestSchema.pick({ num_students: true })),
};
