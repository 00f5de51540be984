/**
 * The notification tests' fixtures: the tables they empty, and one submission of each public form with the staff
 * email it makes (its subject, its link into /samu on the site `SITE`, the fields it lists).
 */
export const SITE = 'https://tumaini.example';

/** The tables the forms write and the notifications and "new" counts read: emptied before each test. */
export const NOTICE_TABLES = [
  'events',
  'contacts',
  'newsletter_subscribers',
  'volunteers',
  'donations',
  'rate_limits',
  'notification_outbox',
  'staff_preferences',
  'staff_seen',
];

const now = new Date().toISOString();
export const SUBMISSIONS = {
  contact_submit: {
    payload: { name: 'Amina Njeri', email: 'amina@example.org', subject: 'School visit', message: 'Private words' },
    subject: 'New contact message (#1)',
    link: `${SITE}/samu?item=1#contacts`,
    fields: ['Name: Amina Njeri', 'Enquiry: General', 'Subject: School visit'],
  },
  volunteer_application: {
    payload: {
      name: 'Brian Otieno',
      email: 'brian@example.org',
      phone: '+254700000001',
      age: '24',
      nationality: 'Kenyan',
      skills: ['Teaching'],
      availability: 'Weekends only',
      motivation: 'Private motivation',
    },
    subject: 'New volunteer application (#1)',
    link: `${SITE}/samu?item=1#volunteers`,
    fields: ['Name: Brian Otieno', 'Role: No preference', 'Availability: Weekends only', 'Skills: Teaching'],
  },
  school_volunteer_application: {
    payload: {
      name: 'Chebet',
      email: 'chebet@example.org',
      phone: '0711',
      subjects: ['Mathematics'],
      school: 'Kibera',
    },
    subject: 'New school volunteering application (#2)',
    link: `${SITE}/samu?item=2#volunteers`,
    fields: ['Name: Chebet', 'School: Kibera', 'Subjects: Mathematics'],
  },
  internship_application: {
    payload: {
      name: 'Dan',
      email: 'dan@example.org',
      phone: '0722',
      university: 'University of Nairobi',
      yearOfStudy: '4th Year',
      medicalField: 'Paediatrics',
      duration: '3 months',
    },
    subject: 'New internship application (#3)',
    link: `${SITE}/samu?item=3#volunteers`,
    fields: ['Name: Dan', 'University: University of Nairobi', 'Field: Paediatrics', 'Duration: 3 months'],
  },
  sponsorship_application: {
    payload: {
      name: 'Esther',
      email: 'esther@example.org',
      address: '12 Private Road',
      sponsorshipType: 'full',
      paymentMethod: 'monthly',
      childId: 'amani',
      timestamp: now,
    },
    // Sponsorship applications join the applications queue, after the three other applications.
    subject: 'New sponsorship application (#4)',
    link: `${SITE}/samu?item=4#volunteers`,
    fields: ['Name: Esther', 'Sponsorship: Full, paid monthly', 'Child: Amani'],
  },
  donation_intent: {
    payload: {
      amount: '50',
      type: 'one-time',
      cause: 'education',
      paymentMethod: 'card',
      name: 'Faith',
      email: 'faith@example.org',
      phone: '0733',
      anonymous: true,
      newsletter: false,
      timestamp: now,
    },
    subject: 'New donation intent (#1)',
    link: `${SITE}/samu?item=1#donations`,
    fields: ['Name: Anonymous donor', 'Amount: $50.00 USD, one-time', 'Cause: Education'],
  },
} as const;
