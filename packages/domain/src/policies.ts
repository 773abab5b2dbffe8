import { englishText, textTemplate } from './i18n/texts.ts';
import { POLICY_VERSION, type PolicySlug } from './policy-versions.ts';
import { RETENTION_DEFAULTS } from './retention.ts';

/**
 * The privacy policy, terms of use and code of conduct: the one place their texts live, shown by
 * the web app at /privacy, /terms and /code-of-conduct. Their version, which consent records point
 * to, is POLICY_VERSION (policy-versions.ts): change it with any text here.
 */

export interface PolicySection {
  heading: string;
  paragraphs?: string[];
  items?: string[];
}

export interface Policy {
  slug: PolicySlug;
  title: string;
  /** One sentence under the title. */
  summary: string;
  sections: PolicySection[];
}

// The sentences with the operator's numbers: templates, so each language has its own words.
const DETAILS_KEPT = textTemplate(
  /*i18n*/ "The details of each day's log are kept until {months} months after the end of your school's last finished interval (a term or semester). Then only each day's totals and points are kept, so points and rankings stay the same.",
  { months: 'number' },
);
const INACTIVE_DELETED = textTemplate(
  /*i18n*/ "An account nobody has signed in to for {months} months is deleted with everything it logged. Adults get an e-mail {days} days before; signing in keeps the account. A school's coordinator account is deleted only with the school.",
  { months: 'number', days: 'number' },
);
const POLICY_VERSION_TEXT = textTemplate(
  /*i18n*/ "This policy's version is {version}. When it changes, everyone is asked to agree to the new version the next time they sign in.",
);

const PRIVACY: Policy = {
  slug: 'privacy',
  title: /*i18n*/ 'Privacy policy',
  summary:
    /*i18n*/ 'Wellbank keeps what a school needs to run its wellness program, shows it to as few people as possible, and deletes it on a fixed schedule.',
  sections: [
    {
      heading: /*i18n*/ 'What we collect and why',
      items: [
        /*i18n*/ 'Your name, e-mail address and password (stored only in scrambled form): to sign you in and to show your name to your school and team.',
        /*i18n*/ 'Your school and role (student, staff, coordinator or family member) and your team: to show you the right pages and to add your points to your team.',
        /*i18n*/ 'What you log each day: hours of sleep, cups of water, fruit and vegetables, minutes of exercise and rest, time in the sun, brushing and washing, food choices, and how stressed you feel about people, money, yourself, time and health. We use it only to work out your balance and points.',
        /*i18n*/ "Your day's totals and points: to show your progress, your team's ranking and your school's lists.",
        /*i18n*/ 'For the school: its name, address and a contact person. For payments: the amount and the payment provider’s reference, never card numbers.',
        /*i18n*/ 'The time and the network address of each agreement to these policies, as a record that it was given.',
      ],
    },
    {
      heading: /*i18n*/ 'Who sees it',
      items: [
        /*i18n*/ 'You see everything about yourself.',
        /*i18n*/ "Your school's coordinators see names, e-mail addresses, points and when each person last logged something. Staff see students' points and last activity. Your team sees names and points.",
        /*i18n*/ 'Nobody at your school sees the details of what you logged (your sleep, food or stress answers), only totals and points.',
      ],
    },
    {
      heading: /*i18n*/ 'Who else receives it',
      paragraphs: [/*i18n*/ 'Only these companies, and only for the job named:'],
      items: [
        /*i18n*/ 'Stripe, when a school or a family member pays: the amount and the e-mail address for the receipt. Card details go to Stripe and never to us.',
        /*i18n*/ 'The e-mail provider that delivers our messages: your e-mail address and the message (a password reset link or an account notice).',
        /*i18n*/ 'Sentry, only if the operator turns on error reporting: technical details of an error, with e-mail addresses, names and sign-in tokens removed before anything is sent.',
        /*i18n*/ 'Nobody else. We do not sell data, show ads, or use analytics or tracking. The web app loads nothing from other websites: no fonts, no analytics, no content networks.',
      ],
    },
    {
      heading: /*i18n*/ 'How long we keep it',
      items: [
        englishText(DETAILS_KEPT, { months: RETENTION_DEFAULTS.detailMonths }),
        englishText(INACTIVE_DELETED, {
          months: RETENTION_DEFAULTS.inactiveMonths,
          days: RETENTION_DEFAULTS.noticeDays,
        }),
        /*i18n*/ 'Sign-ins end after 30 days without use, password reset links after 1 hour, and the counters that slow down password guessing after 1 hour. Their records are then deleted.',
        /*i18n*/ 'The operator may set shorter periods, never longer ones. A check runs every day and when the service starts.',
      ],
    },
    {
      heading: /*i18n*/ 'Your choices',
      items: [
        /*i18n*/ 'You can download everything Wellbank holds about you, and delete your account, from your User profile page. Deleting removes your logs, points and sign-ins at once.',
        /*i18n*/ 'A parent or guardian of a student can ask the school’s coordinator to do this for their child.',
        /*i18n*/ 'You can change your name and e-mail address on your User profile page at any time.',
      ],
    },
    {
      heading: /*i18n*/ 'Children under 13',
      paragraphs: [
        /*i18n*/ 'A school that signs up confirms that it has the consent of the parents of its students under 13, as the US laws COPPA and FERPA expect. Wellbank records who confirmed it, when, and for which version of this policy; the school’s coordinators can see that record.',
      ],
    },
    {
      heading: /*i18n*/ 'Contact',
      paragraphs: [
        /*i18n*/ 'A school or a parent can reach the people who run this Wellbank by replying to any e-mail Wellbank sends: the sender address is the operator’s. Schools can also ask through their coordinator.',
        englishText(POLICY_VERSION_TEXT, { version: POLICY_VERSION }),
      ],
    },
  ],
};

const TERMS: Policy = {
  slug: 'terms',
  title: /*i18n*/ 'Terms of use',
  summary: /*i18n*/ 'The rules for using Wellbank, for schools, students, staff and families.',
  sections: [
    {
      heading: /*i18n*/ 'Who can use Wellbank',
      items: [
        /*i18n*/ 'A school signs up through a coordinator, who must be allowed to act for the school.',
        /*i18n*/ 'Students and staff join with their school’s code. Family and community members join a student’s or staff member’s team.',
        /*i18n*/ 'Students under 13 may use Wellbank only when their school has their parents’ consent.',
      ],
    },
    {
      heading: /*i18n*/ 'Your account',
      items: [
        /*i18n*/ 'Keep your password to yourself. Tell your coordinator if you think someone else used your account.',
        /*i18n*/ 'Log only your own activities, honestly.',
        /*i18n*/ 'Follow the code of conduct.',
      ],
    },
    {
      heading: /*i18n*/ 'Payments',
      items: [
        /*i18n*/ 'A school pays once for its subscription, by the number of students. A family or community member donates once to the school when joining a team.',
        /*i18n*/ 'Payments are made through Stripe. A payment made twice by mistake is refunded.',
      ],
    },
    {
      heading: /*i18n*/ 'What Wellbank is not',
      paragraphs: [
        /*i18n*/ 'Wellbank is a game that encourages healthy habits. It is not medical advice. If you feel unwell or very stressed, talk to a parent, a teacher, the school nurse or a doctor.',
      ],
    },
    {
      heading: /*i18n*/ 'Changes and ending',
      items: [
        /*i18n*/ 'We may change these terms; you will be asked to agree to the new version.',
        /*i18n*/ 'A coordinator may remove a person from the school. You may delete your account at any time.',
      ],
    },
  ],
};

const CODE_OF_CONDUCT: Policy = {
  slug: 'code-of-conduct',
  title: /*i18n*/ 'Code of conduct',
  summary: /*i18n*/ 'Wellbank is for being healthier together. Be kind, be honest, be safe.',
  sections: [
    {
      heading: /*i18n*/ 'Be kind',
      items: [
        /*i18n*/ 'Cheer your team on. Never make fun of someone’s points, habits or body.',
        /*i18n*/ 'Choose team names and profile names that are fine to read out in class.',
      ],
    },
    {
      heading: /*i18n*/ 'Be honest',
      items: [
        /*i18n*/ 'Log what you really did. Points are for encouragement, not for winning at any cost.',
        /*i18n*/ 'Do not use another person’s account or share yours.',
      ],
    },
    {
      heading: /*i18n*/ 'Be safe',
      items: [
        /*i18n*/ 'Do not share other people’s information outside Wellbank.',
        /*i18n*/ 'If something worries you, tell a parent, a teacher or your coordinator.',
      ],
    },
    {
      heading: /*i18n*/ 'If the code is broken',
      paragraphs: [
        /*i18n*/ 'A coordinator may remove a person from the school’s Wellbank. A serious problem is reported to the school.',
      ],
    },
  ],
};

export const POLICIES: Record<PolicySlug, Policy> = {
  privacy: PRIVACY,
  terms: TERMS,
  'code-of-conduct': CODE_OF_CONDUCT,
};
