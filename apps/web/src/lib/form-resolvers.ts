import { zodResolver } from '@hookform/resolvers/zod';
import {
  findTeamQuerySchema,
  forgotPasswordSchema,
  loginSchema,
  reminderSettingsSchema,
  resetPasswordFormSchema,
  schoolCodeQuerySchema,
  schoolSignupRequestSchema,
  semesterFormSchema,
  subscriptionCheckoutRequestSchema,
  teamRenameSchema,
  userSignupFormSchema,
  userUpdateSchema,
} from '@wellbank/domain';

/** Every form's validation, from the domain schemas. Loaded on first submit (see lazy-resolver). */
export const resolvers = {
  login: zodResolver(loginSchema),
  forgotPassword: zodResolver(forgotPasswordSchema),
  resetPassword: zodResolver(resetPasswordFormSchema),
  schoolCode: zodResolver(schoolCodeQuerySchema),
  findTeam: zodResolver(findTeamQuerySchema),
  schoolSignup: zodResolver(schoolSignupRequestSchema),
  userSignup: zodResolver(userSignupFormSchema),
  userUpdate: zodResolver(userUpdateSchema),
  semester: zodResolver(semesterFormSchema),
  teamRename: zodResolver(teamRenameSchema),
  reminders: zodResolver(reminderSettingsSchema),
  subscription: zodResolver(subscriptionCheckoutRequestSchema.pick({ num_students: true })),
};
