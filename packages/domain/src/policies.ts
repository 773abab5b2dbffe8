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

const PRIVACY: Policy = {
  slug: 'privacy',
  title: 'Privacy policy',
  summary:
    'Wellbank keeps what a school needs to run its wellness program, shows it to as few people as ' +
    'possible, and deletes it on a fixed schedule.',
  sections: [
    {
      heading: 'What we collect and why',
      items: [
        'Your name, e-mail address and password (stored only in scrambled form): to sign you in and to show your name to your school and team.',
        'Your school and role (student, staff, coordinator or family member) and your team: to show you the right pages and to add your points to your team.',
        'What you log each day: hours of sleep, cups of water, fruit and vegetables, minutes of exercise and rest, time in the sun, brushing and washing, food choices, and how stressed you feel about people, money, yourself, time and health. We use it only to work out your balance and points.',
        "Your day's totals and points: to show your progress, your team's ranking and your school's lists.",
        'For the school: its name, address and a contact person. For payments: the amount and the payment provider’s reference, never card numbers.',
        'The time and the network address of each agreement to these policies, as a record that it was given.',
      ],
    },
    {
      heading: 'Who sees it',
      items: [
        'You see everything about yourself.',
        "Your school's coordinators see names, e-mail addresses, points and when each person last logged something. Staff see students' points and last activity. Your team sees names and points.",
        'Nobody at your school sees the details of what you logged (your sleep, food or stress answers), only totals and points.',
      ],
    },
    {
      heading: 'Who else receives it',
      paragraphs: ['Only these companies, and only for the job named:'],
      items: [
        'Stripe, when a school or a family member pays: the amount and the e-mail address for the receipt. Card details go to Stripe and never to us.',
        'The e-mail provider that delivers our messages: your e-mail address and the message (a password reset link or an account notice).',
        'Sentry, only if the operator turns on error reporting: technical details of an error, with e-mail addresses, names and sign-in tokens removed before anything is sent.',
        'Nobody else. We do not sell data, show ads, or use analytics or tracking. The web app loads nothing from other websites: no fonts, no analytics, no content networks.',
      ],
    },
    {
      heading: 'How long we keep it',
      items: [
        `The details of each day's log are kept until ${RETENTION_DEFAULTS.detailMonths} months after the end of your school's last finished interval (a term or semester). Then only each day's totals and points are kept, so points and rankings stay the same.`,
        `An account nobody has signed in to for ${RETENTION_DEFAULTS.inactiveMonths} months is deleted with everything it logged. Adults get an e-mail ${RETENTION_DEFAULTS.noticeDays} days before; signing in keeps the account. A school's coordinator account is deleted only with the school.`,
        'Sign-ins end after 30 days without use, password reset links after 1 hour, and the counters that slow down password guessing after 1 hour. Their records are then deleted.',
        'The operator may set shorter periods, never longer ones. A check runs every day and when the service starts.',
      ],
    },
    {
      heading: 'Your choices',
      items: [
        'You can download everything Wellbank holds about you, and delete your account, from your User profile page. Deleting removes your logs, points and sign-ins at once.',
        'A parent or guardian of a student can ask the school’s coordinator to do this for their child.',
        'You can change your name and e-mail address on your User profile page at any time.',
      ],
    },
    {
      heading: 'Children under 13',
      paragraphs: [
        'A school that signs up confirms that it has the consent of the parents of its students under 13, as the US laws COPPA and FERPA expect. Wellbank records who confirmed it, when, and for which version of this policy; the school’s coordinators can see that record.',
      ],
    },
    {
      heading: 'Contact',
      paragraphs: [
        'A school or a parent can reach the people who run this Wellbank by replying to any e-mail Wellbank sends: the sender address is the operator’s. Schools can also ask through their coordinator.',
        `This policy's version is ${POLICY_VERSION}. When it changes, everyone is asked to agree to the new version the next time they sign in.`,
      ],
    },
  ],
};

const TERMS: Policy = {
  slug: 'terms',
  title: 'Terms of use',
  summary: 'The rules for using Wellbank, for schools, students, staff and families.',
  sections: [
    {
      heading: 'Who can use Wellbank',
      items: [
        'A school signs up through a coordinator, who must be allowed to act for the school.',
        'Students and staff join with their school’s code. Family and community members join a student’s or staff member’s team.',
        'Students under 13 may use Wellbank only when their school has their parents’ consent.',
      ],
    },
    {
      heading: 'Your account',
      items: [
        'Keep your password to yourself. Tell your coordinator if you think someone else used your account.',
        'Log only your own activities, honestly.',
        'Follow the code of conduct.',
      ],
    },
    {
      heading: 'Payments',
      items: [
        'A school pays once for its subscription, by the number of students. A family or community member donates once to the school when joining a team.',
        'Payments are made through Stripe. A payment made twice by mistake is refunded.',
      ],
    },
    {
      heading: 'What Wellbank is not',
      paragraphs: [
        'Wellbank is a game that encourages healthy habits. It is not medical advice. If you feel unwell or very stressed, talk to a parent, a teacher, the school nurse or a doctor.',
      ],
    },
    {
      heading: 'Changes and ending',
      items: [
        'We may change these terms; you will be asked to agree to the new version.',
        'A coordinator may remove a person from the school. You may delete your account at any time.',
      ],
    },
  ],
};

const CODE_OF_CONDUCT: Policy = {
  slug: 'code-of-conduct',
  title: 'Code of conduct',
  summary: 'Wellbank is for being healthier together. Be kind, be honest, be safe.',
  sections: [
    {
      heading: 'Be kind',
      items: [
        'Cheer your team on. Never make fun of someone’s points, habits or body.',
        'Choose team names and profile names that are fine to read out in class.',
      ],
    },
    {
      heading: 'Be honest',
      items: [
        'Log what you really did. Points are for encouragement, not for winning at any cost.',
        'Do not use another person’s account or share yours.',
      ],
    },
    {
      heading: 'Be safe',
      items: [
        'Do not share other people’s information outside Wellbank.',
        'If something worries you, tell a parent, a teacher or your coordinator.',
      ],
    },
    {
      heading: 'If the code is broken',
      paragraphs: [
        'A coordinator may remove a person from the school’s Wellbank. A serious problem is reported to the school.',
      ],
    },
  ],
};

export const POLICIES: Record<PolicySlug, Policy> = {
  privacy: PRIVACY,
  terms: TERMS,
  'code-of-conduct': CODE_OF_CONDUCT,
};
