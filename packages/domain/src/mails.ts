import { isoToLocalDate } from './date-formats.ts';
import { ENGLISH, type Speaker, textTemplate } from './i18n/texts.ts';

/**
 * The e-mails the server sends for accounts (decision 0034): written in the recipient's stored
 * language by the `Speaker` the mail job passes, English by default.
 */
export interface MailText {
  subject: string;
  text: string;
}

export const HELLO = textTemplate(/*i18n*/ 'Hello {firstName},');

export function passwordResetMail(link: string, s: Speaker = ENGLISH): MailText {
  return {
    subject: s.t(/*i18n*/ 'Reset your Wellbank password'),
    text: [
      s.t(/*i18n*/ 'Someone asked to reset the password of your Wellbank account.'),
      '',
      s.t(/*i18n*/ 'Choose a new password here (the link works once, for one hour):'),
      link,
      '',
      s.t(/*i18n*/ 'If it was not you, ignore this e-mail: your password stays as it is.'),
    ].join('\n'),
  };
}

const INVITATION_SUBJECT = textTemplate(/*i18n*/ 'Join {school} on Wellbank');
const INVITATION_INTRO = textTemplate(
  /*i18n*/ '{school} invites you to Wellbank, its wellness and points tracker.',
);
const INVITATION_LINK = textTemplate(
  /*i18n*/ 'Choose your password here (the link works once, until {until}):',
);

export function invitationMail(
  invitation: { firstName: string; school: string; link: string; expiresAt: Date },
  s: Speaker = ENGLISH,
): MailText {
  const day = invitation.expiresAt.toISOString().slice(0, 10);
  // English keeps the ISO day it always wrote; another language writes its own date.
  const until = s.language === 'en' ? day : isoToLocalDate(day, s.language);
  const { school, firstName } = invitation;
  return {
    subject: s.t(INVITATION_SUBJECT, { school }),
    text: [
      s.t(HELLO, { firstName }),
      '',
      s.t(INVITATION_INTRO, { school }),
      s.t(INVITATION_LINK, { until }),
      invitation.link,
      '',
      s.t(/*i18n*/ 'No school code is needed. If you did not expect this e-mail, ignore it.'),
    ].join('\n'),
  };
}

const STUDENT_EMAIL_SUBJECT = textTemplate(
  /*i18n*/ '{school} added this e-mail to your Wellbank account',
);
const STUDENT_EMAIL_INTRO = textTemplate(
  /*i18n*/ '{school} added this e-mail address to your Wellbank account. Choose a password here (the link works once, until {until}):',
);

/**
 * To the address staff gave a student who had none (decision 0063): a password reset link of a
 * week, so the student then also signs in with this address and that password.
 */
export function studentEmailMail(
  mail: { firstName: string; school: string; link: string; expiresAt: Date },
  s: Speaker = ENGLISH,
): MailText {
  const day = mail.expiresAt.toISOString().slice(0, 10);
  const until = s.language === 'en' ? day : isoToLocalDate(day, s.language);
  const { school, firstName } = mail;
  return {
    subject: s.t(STUDENT_EMAIL_SUBJECT, { school }),
    text: [
      s.t(HELLO, { firstName }),
      '',
      s.t(STUDENT_EMAIL_INTRO, { school, until }),
      mail.link,
      '',
      s.t(
        /*i18n*/ 'Then sign in with this e-mail address and that password, or as before in class.',
      ),
      s.t(/*i18n*/ 'If you did not expect this e-mail, ignore it.'),
    ].join('\n'),
  };
}

const INACTIVITY_BODY = textTemplate(
  /*i18n*/ 'Nobody has signed in to your Wellbank account for a long time. As our privacy policy says,\nwe delete accounts that are not used: yours will be deleted on or after {day}, with\neverything it logged.',
);

export function inactivityNoticeMail(
  notice: { firstName: string; deleteOn: Date; loginLink: string },
  s: Speaker = ENGLISH,
): MailText {
  const iso = notice.deleteOn.toISOString().slice(0, 10);
  const day = s.language === 'en' ? iso : isoToLocalDate(iso, s.language);
  return {
    subject: s.t(/*i18n*/ 'Your Wellbank account will be deleted'),
    text: [
      s.t(HELLO, { firstName: notice.firstName }),
      '',
      s.t(INACTIVITY_BODY, { day }),
      '',
      s.t(/*i18n*/ 'To keep it, sign in before then:'),
      notice.loginLink,
      '',
      s.t(/*i18n*/ 'If you no longer need it, do nothing.'),
    ].join('\n'),
  };
}

/**
 * The link that confirms an address (decision 0044): a sign-up's, or the new one of a profile
 * change, mailed to that address and to no other.
 */
export function emailConfirmationMail(link: string, s: Speaker = ENGLISH): MailText {
  return {
    subject: s.t(/*i18n*/ 'Confirm your email address for Wellbank'),
    text: [
      s.t(/*i18n*/ 'This address was given for a Wellbank account.'),
      '',
      s.t(/*i18n*/ 'If it was you, confirm it here (the link works once, for 7 days):'),
      link,
      '',
      s.t(/*i18n*/ 'If it was not you, ignore this e-mail: nothing changes.'),
    ].join('\n'),
  };
}

const EMAIL_CHANGE_BODY = textTemplate(
  /*i18n*/ 'Someone signed in to your Wellbank account asked to change its email address to {newEmail}.\nUntil the new address is confirmed, this one still signs you in.',
);

/** To the old address of a profile change: what is happening, and the link that undoes it. */
export function emailChangeNoticeMail(
  notice: { firstName: string; newEmail: string; undoLink: string },
  s: Speaker = ENGLISH,
): MailText {
  return {
    subject: s.t(/*i18n*/ 'Your Wellbank email address is being changed'),
    text: [
      s.t(HELLO, { firstName: notice.firstName }),
      '',
      s.t(EMAIL_CHANGE_BODY, { newEmail: notice.newEmail }),
      '',
      s.t(
        /*i18n*/ 'If it was not you, undo it here (the link works once, for 14 days, even after the change): it signs everyone out, and then choose a new password.',
      ),
      notice.undoLink,
      '',
      s.t(/*i18n*/ 'If it was you, there is nothing to do.'),
    ].join('\n'),
  };
}

/** Where a school code is typed in; with `?code=` the field comes filled (the poster's QR). */
export function joinSchoolUrl(appUrl: string, code: string): string {
  return `${appUrl}/sign-up/join/schools?${new URLSearchParams({ code })}`;
}

const WELCOME_SUBJECT = textTemplate(/*i18n*/ '{school} is on Wellbank: your school code');
const WELCOME_INTRO = textTemplate(
  /*i18n*/ '{school} is set up on Wellbank. Staff and students join it with the school code:',
);

/**
 * To the coordinator at school sign-up (issue 34 §4): the code they chose, where it is typed in,
 * and where to find it again (decision 0061).
 */
export function schoolWelcomeMail(
  welcome: { firstName: string; school: string; code: string; joinLink: string },
  s: Speaker = ENGLISH,
): MailText {
  const { school, firstName } = welcome;
  return {
    subject: s.t(WELCOME_SUBJECT, { school }),
    text: [
      s.t(HELLO, { firstName }),
      '',
      s.t(WELCOME_INTRO, { school }),
      '',
      `    ${welcome.code}`,
      '',
      s.t(/*i18n*/ 'They enter it here, or scan the QR code on the join poster:'),
      welcome.joinLink,
      '',
      s.t(
        /*i18n*/ 'You find the code again at the top of the menu, under your school’s name, and on the Staff & students page, where you can print the join poster.',
      ),
      s.t(
        /*i18n*/ 'Family and community members do not need it: they join a student’s or staff member’s team.',
      ),
    ].join('\n'),
  };
}

const DELETION_SUBJECT = textTemplate(/*i18n*/ '{school} will be deleted from Wellbank on {date}');
const DELETION_INTRO = textTemplate(
  /*i18n*/ '{school} was closed for deletion. On {date} everything of it is deleted for good: accounts, logged days, teams, points and payment records.',
);

/**
 * To each coordinator of a school closed for deletion (decision 0022, issue 35 §3): when it
 * becomes final and how to cancel before then. `date` is the purge day in the school's zone.
 */
export function schoolDeletionMail(
  closing: { firstName: string; school: string; date: string; cancelLink: string },
  s: Speaker = ENGLISH,
): MailText {
  const { school, firstName, date } = closing;
  return {
    subject: s.t(DELETION_SUBJECT, { school, date }),
    text: [
      s.t(HELLO, { firstName }),
      '',
      s.t(DELETION_INTRO, { school, date }),
      s.t(
        /*i18n*/ 'Until then only the school’s coordinators can sign in, to download its data or to cancel. To cancel, sign in here and choose “Cancel deletion”:',
      ),
      closing.cancelLink,
      '',
      s.t(
        /*i18n*/ 'If you did not mean to delete the school, cancel now: its members sign in again as before.',
      ),
    ].join('\n'),
  };
}

const RECEIPT_SUBJECT = textTemplate(/*i18n*/ 'Your Wellbank receipt: {amount} on {date}');
const RECEIPT_SUBSCRIPTION = textTemplate(
  /*i18n*/ 'Wellbank for {school}: a one-time subscription for up to {students} students.',
);
const RECEIPT_UPGRADE = textTemplate(
  /*i18n*/ 'Wellbank for {school}: an upgrade of its subscription from up to {from} to up to {students} students.',
);
const RECEIPT_DONATION = textTemplate(
  /*i18n*/ 'A one-time donation to the team {team} at {school}, for its members’ use of Wellbank.',
);
const RECEIPT_AMOUNT = textTemplate(/*i18n*/ 'Amount paid, processing fee included: {amount}');
const RECEIPT_DATE = textTemplate(/*i18n*/ 'Date: {date}');
const RECEIPT_NUMBER = textTemplate(/*i18n*/ 'Receipt number: {number}');
const RECEIPT_REFERENCE = textTemplate(/*i18n*/ 'Reference: {reference}');

/**
 * What a payment's receipt says, mailed (issue 35 §1) or downloaded (issue 35 §2): `amount`,
 * `date` and the counts come written in the reader's language; `number` is the payment's id,
 * `reference` the checkout's.
 */
export interface PaymentReceipt {
  school: string;
  amount: string;
  date: string;
  number: string;
  reference: string;
  buys:
    | { kind: 'subscription'; students: string }
    | { kind: 'upgrade'; from: string; students: string }
    | { kind: 'donation'; team: string };
}

/** The receipt's title and lines: the one text both the mail and the download show. */
export function paymentReceiptText(
  receipt: PaymentReceipt,
  s: Speaker = ENGLISH,
): { title: string; lines: string[] } {
  const { school, amount, date, buys } = receipt;
  const bought =
    buys.kind === 'subscription'
      ? s.t(RECEIPT_SUBSCRIPTION, { school, students: buys.students })
      : buys.kind === 'upgrade'
        ? s.t(RECEIPT_UPGRADE, { school, from: buys.from, students: buys.students })
        : s.t(RECEIPT_DONATION, { school, team: buys.team });
  return {
    title: s.t(RECEIPT_SUBJECT, { amount, date }),
    lines: [
      bought,
      s.t(RECEIPT_AMOUNT, { amount }),
      s.t(RECEIPT_DATE, { date }),
      s.t(RECEIPT_NUMBER, { number: receipt.number }),
      s.t(RECEIPT_REFERENCE, { reference: receipt.reference }),
    ],
  };
}

/** To the payer of every payment (issue 35 §1): the receipt, with a greeting. */
export function paymentReceiptMail(
  receipt: PaymentReceipt & { firstName: string },
  s: Speaker = ENGLISH,
): MailText {
  const { title, lines } = paymentReceiptText(receipt, s);
  return {
    subject: title,
    text: [
      s.t(HELLO, { firstName: receipt.firstName }),
      '',
      s.t(/*i18n*/ 'Thank you. This is your receipt:'),
      '',
      ...lines,
    ].join('\n'),
  };
}

const TALK_REQUEST_BODY = textTemplate(
  /*i18n*/ '{student} asked to talk to someone. You see the open requests on the Talk requests page of Wellbank, where you mark them handled.',
);

/**
 * To each of the school's counsellors when a child asks for a talk (decision 0073): the child's
 * name and nothing else, never a rating.
 */
export function talkRequestMail(
  request: { firstName: string; student: string },
  s: Speaker = ENGLISH,
): MailText {
  return {
    subject: s.t(/*i18n*/ 'A student asked for a talk'),
    text: [
      s.t(HELLO, { firstName: request.firstName }),
      '',
      s.t(TALK_REQUEST_BODY, { student: request.student }),
    ].join('\n'),
  };
}
