/** The spec's validation and error texts, defined once. */
import { MAX_OPENED_STUDENTS } from './device-set.ts';
import { plural } from './plural.ts';

/** Shortest written exception to a Terminal Competency attestation (schema/attestation.ts): a sentence, not a tick. */
export const EXCEPTION_MIN_LENGTH = 20;

export const MSG = {
  auditPageInvalid: 'Not a page of the audit trail: start again from the first page',
  denyReasonRequired: 'A reason is required to deny a request',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  phoneRequired: 'Phone number is required',
  studentIdRequired: 'Student ID is required',
  programRequired: 'Program is required',
  enrollmentDateRequired: 'Enrollment date is required',
  expectedGraduationRequired: 'Expected graduation date is required',
  emailInvalid: 'Valid email is required',
  employeeIdRequired: 'Employee ID is required',
  jobTitleRequired: 'Job title is required',
  departmentRequired: 'Department is required',
  hireDateRequired: 'Hire date is required',
  programTypesRequired: 'At least one program type is required',
  clinicalSiteRequired: 'Clinical site is required',
  oneDateRequired: 'At least one date is required',
  addOneDate: 'Please add at least one preferred date',
  detailedJustification: 'Please provide a detailed justification (minimum 10 characters)',
  justification: 'Please provide a justification (minimum 10 characters)',
  siteNameRequired: 'Site name is required',
  siteTypeRequired: 'Site type is required',
  addressRequired: 'Address is required',
  cityRequired: 'City is required',
  stateRequired: 'State is required',
  zipRequired: 'ZIP code is required',
  contactPersonRequired: 'Contact person is required',
  contactTitleRequired: 'Contact title is required',
  maxStudentsMin: 'Maximum students must be at least 1',
  capacityMin: 'Capacity must be at least 1',
  specialtyRequired: 'At least one specialty is required',
  documentNameRequired: 'Document name is required',
  documentTypeRequired: 'Document type is required',
  programTypeRequired: 'Program type is required',
  fileRequired: 'Please select a file to upload',
  fileTypeNotAllowed: 'File type not allowed. Accepted: pdf, doc, docx, xls, xlsx, ppt, pptx, txt, jpg, jpeg, png',
  fileTooLarge: 'File is larger than the 25 MB limit',
  roleRequired: 'Role is required',
  programNameRequired: 'Program name is required',
  descriptionRequired: 'Description is required',
  durationRequired: 'Duration is required',
  creditsMin: 'Credits must be at least 1',
  durationWeeksMin: 'Duration must be at least 1 week',
  requiredHoursMin: 'Required hours must be at least 1',
  userRequired: 'User is required',
  selectClinicalSite: 'Please select a clinical site',
  fillRequiredFields: 'Please fill in all required fields',
  recipientRequired: 'Recipient is required',
  subjectRequired: 'Subject is required',
  contentRequired: 'Message content is required',
  studentRequired: 'Student is required',
  requestedDatesRequired: 'Requested dates are required',
  certificationLevelRequired: 'Certification level is required',
  skillRequired: 'Skill is required',
  progressRange: 'Progress must be between 0 and 100',
  attemptsMin: 'Total attempts must be 0 or more',
  successfulAttemptsRange: 'Successful attempts must be between 0 and total attempts',
  dateInvalid: 'Enter a valid date',
  dateNotPast: 'Dates cannot be in the past',
  dateNotFuture: 'Dates cannot be in the future',
  hoursDayOver24: 'More than 24 hours on one date for this student',
  hoursRange: 'Requested hours must be between 1 and 40',
  hoursPositive: 'Hours must be more than 0 and at most 24',
  endAfterStart: 'End must be after start',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 8 characters',
  currentPasswordRequired: 'Enter your current password to change your email',
  currentPasswordWrong: 'Current password is incorrect',
  statusInvalid: 'Choose a valid status',
  compliancePercentInvalid: 'Choose a compliance percentage from 50 to 100',
  gpaRange: 'GPA must be between 0 and 4',
  settingRequired: 'Choose where the attempt happened',
  timeInvalid: 'Enter a time as HH:MM',
  outcomeRequired: 'Choose successful or unsuccessful',
  voidReasonRequired: 'Say why this attempt is being voided',
  removeReasonRequired: 'Say why this entry is being removed',
  ageRequired: 'Age is required (years, and months under 2 years)',
  ageMonthsRange: 'Months must be between 0 and 11',
  complaintRequired: 'Choose at least one chief complaint',
  impressionRequired: 'Primary impression is required',
  endAfterStartTime: 'End time must be after start time',
  hoursOrTimesRequired: 'Enter hours, or a start and end time',
  minimumTotalRange: 'A skill needs from 1 to 1000 successful attempts in all',
  minimumSettingRange: 'A setting minimum is a whole number from 1 to 1000, or blank for none',
  settingMinimumsOverTotal: 'The setting minimums add up to more than the total',
  skillUnknown: 'A minimum names a skill that is not in the catalogue',
  countRange: 'Enter a whole number from 0 to 1000',
  wholeNumber: 'Enter a whole number (no decimals)',
  ageBandLabelRequired: 'Every age band needs a name',
  ageBandsOrder: 'Age bands start at 0 months and each starts later than the one before',
  ageBandsUnique: 'Two age bands have the same name',
  categoryNameInvalid: 'A category name is 1 to 60 letters, digits, spaces or / & ( ) , . -',
  categoryUnknown: 'Every impression maps to one of the listed categories (or Other)',
  signOffRecordsRequired: 'Choose at least one record to sign',
  preceptorNameRequired: "Preceptor's name is required",
  credentialRequired: 'Choose the credential',
  credentialNumberRequired: 'Credential number is required',
  agencyRequired: 'Agency is required',
  preceptorContactRequired: 'An e-mail or phone number for confirmation is required',
  preceptorContactPlain:
    'Enter one e-mail address as name@example.org, or one phone number: no name, brackets, quotes or second address',
  plainLine: 'One line of plain text, without line breaks or web addresses',
  attestationRequired: 'The preceptor must tick the attestation',
  signatureRequired: 'The preceptor must sign',
  typedSignatureMismatch: 'Type your full name exactly as given above',
  rating: 'Choose 0, 1, 2 or N/A',
  acceptNoteRequired: 'Say why this sign-off is accepted as attested',
  /** The note a sign-off gets when one of its records is voided or deleted: on the device at once, on the server. */
  changedAfterSigning: 'A record was changed after signing',
  cosignCodeFormat: 'A co-sign code is the six digits shown on the preceptor phone',
  countedStatesRequired: 'Choose at least one sign-off state that counts',
  placementRequired: "Choose the graduate's placement",
  exitReasonRequired: 'Choose why the student left',
  outcomeOneKind: 'A graduate has a placement; a student who left has an exit date and reason, not both',
  placementNotGraduate: 'Only a graduate (a student with a graduation date) has a placement',
  exitOfGraduate: 'A graduate did not leave the program: enter a placement instead',
  examAttemptNumber: 'Attempt number is a whole number from 1 to 20',
  examResultRequired: 'Choose passed or failed',
  examAttemptTaken: 'This attempt number is already recorded for the student',
  examOfNonGraduate: 'Exam attempts are recorded for graduates (a student with a graduation date)',
  yearInvalid: 'Year must be a four-digit number',
  noGraduates: 'No graduates',
  noGraduatesTested: 'No graduates tested',
  noStudentsFinished: 'No students graduated or left',
  settingInvalid: 'Choose lab, simulation, clinical or field',
  dateRangeOrder: 'The end date is before the start date',
  annualReportEmsOnly:
    'The annual report and the cohort SMC summary are CoAEMSP documents of EMS programs: choose an EMS program',
  attestationNotSigner:
    "Only the program's Program Director, then its Medical Director, sign the Terminal Competency attestation",
  attestationAlreadySigned: 'You have already signed this portfolio as it stands',
  attestationProgramDirectorFirst: 'The Program Director signs the portfolio as it stands before the Medical Director',
  attestationNotSignerFire:
    "Only the program's Training Officer (its named director), then its Agency Certifying Official, sign the task book completion attestation",
  attestationTrainingOfficerFirst:
    'The Training Officer signs the portfolio as it stands before the Agency Certifying Official',
  attestationNotSignerPolice:
    "Only the program's FTO Coordinator, then its Academy Director (its named director), sign the field training completion attestation",
  attestationCoordinatorFirst: 'The FTO Coordinator signs the portfolio as it stands before the Academy Director',
  attestationSamePerson: 'You signed the other step of this attestation: another person signs this one',
  attestationOwn: 'Nobody attests their own portfolio, from any of their accounts',
  /** A desk device opened offline on a student whose records it has not fetched (schema/device-set.ts). */
  notOnDeviceYet:
    "This student's records are not on this device yet. Connect once to fetch them: they then stay here for offline use.",
  /** The same, for a screen showing several students' records (schema/device-set.ts). */
  studentsNotOnDeviceYet:
    "Some of these students' records are not on this device yet. Connect once to fetch them: they then stay here for offline use.",
  /** A desk screen listing more students' records than a device holds opened at once (MAX_OPENED_STUDENTS). */
  tooManyToOpen: `This device holds the records of at most ${plural(MAX_OPENED_STUDENTS, 'student')} at once: pick one program to see its students' skills.`,
  attestationExceptionRequired: `This student is short of a minimum: write the exception (at least ${EXCEPTION_MIN_LENGTH} characters) to attest anyway`,
} as const;

/** Texts of errors the server answers with (not field validation). */
export const ERR = {
  invalidInput: 'Invalid input',
  unauthorized: 'Unauthorized',
  forbidden: 'You do not have permission to do this',
  notFound: 'Not found',
  badCredentials: 'Invalid email or password',
  tooManyAttempts: 'Too many sign-in attempts.',
  tooManyChanges: 'Too many changes at once. Wait a moment and try again.',
  passwordOnlyByUsersRoute: 'A password can be set only through POST /api/users',
  foreignOrigin: 'Cross-site request refused',
  unknownHost: 'This server does not answer to that address. Open the app at the address your program gave you.',
  notPending: 'Only pending requests can be reviewed',
  emailTaken: 'An account with this email already exists',
  studentCodeTaken: 'A student with this student ID already exists',
  alreadyAssigned: 'The user is already assigned to this program',
  ownRoleChange: 'Only directors and administrators can change roles; file a role-change request instead',
  deleteSelf: 'You cannot delete your own account',
  payloadTooLarge: 'File is larger than the 25 MB limit',
  unsupportedType: 'File type not allowed',
  storageFailed: 'The file could not be stored. Try again later.',
  storageUnavailable:
    'The server could not save this right now: its storage is full or unavailable. Nothing was saved; try again later.',
  alreadyMember: 'You are already a member of this program',
  alreadyPending: 'You already have a pending request for this program',
  ownReview: 'You cannot review your own request for program access or a role',
  grantRole: 'Only directors and administrators can grant a role',
  tooManyEmailChanges: 'Too many email changes. Try again in a few minutes.',
  bodyTooLarge: 'Request body is too large',
  jsonRequired: 'Send the request body as JSON (Content-Type: application/json)',
  formTooLarge: 'The upload form has more fields or files than an upload takes',
  tooManyUploads: 'Your other uploads are still in progress. Wait for one to finish, then try again.',
  alreadyVoided: 'This attempt was already voided',
  voidOwnOrStaff: 'Only the person who recorded an attempt, or staff, can void it',
  signOffChanged:
    "What was signed no longer matches the records: one was changed, voided or is not this student's. Ask for a new sign-off.",
  signOffAltered: 'This sign-off was altered after it was signed and cannot be accepted',
  alreadySigned: 'A record is already in another sign-off awaiting or holding confirmation',
  ownSignOff: 'Nobody signs off their own records',
  ownLinkAccepted: 'You handed out the link this was confirmed through: another staff member must accept it',
  linkUsed: 'This link was already used',
  signOffAnswered: 'This sign-off was already confirmed, disputed or reviewed',
  linkExpired: 'This link has expired. Ask the student or the program for a new one.',
  linkUnknown: 'This link is not valid',
  disputeReasonRequired: 'Say what is wrong',
  /** One answer for an address with no co-sign codes and for a wrong code: neither tells which addresses are staff. */
  cosignRefused:
    'The co-sign code is not the code of a preceptor account with this e-mail at the time of signing. Check the e-mail they sign in with, or sign without a code.',
  cosignStale:
    'A co-sign code counts only on a sign-off captured in the last 7 days, on a phone whose clock is right. Sign without a code: the preceptor confirms it later.',
  cosignLocked: 'Too many wrong co-sign codes for this student or this preceptor. Sign without a code, or wait.',
  cosignUsed: 'This co-sign code was already used for another sign-off. Ask the preceptor for their current code.',
  programStorageFull: "This program's storage is full. Nothing was saved; ask an administrator to make room.",
} as const;

/** The message a staff account receives when wrong co-sign codes in its name stop being checked for a while. */
export const COSIGN_LOCK_NOTICE = {
  subject: 'Co-sign codes in your name were refused',
  content:
    'Several wrong co-sign codes were entered with your e-mail in the last 15 minutes, so codes in your name are not accepted for now. If you did not just give a student a code, someone may be guessing them: tell your program coordinator.',
} as const;

/** "Try again in 5 seconds" / "in 3 minutes": a throttled answer says how long the wait really is. */
/**
 * A report or export a screen builds from the device's records, asked for before all the user's records have arrived
 * (web/lib/device-download.ts): nothing is downloaded.
 */
export const partialRecordsNotice = (percent: number) => ({
  title: 'Your records are still downloading',
  text: `${percent} % of them are on this device, and a report now would leave the rest out. Try again once they have all arrived.`,
});

/** The toast for a change made with no signal: it is on the device, not yet with anyone else. */
export const SAVED_OFFLINE = 'Saved on this phone, will send when online';

export function tryAgainIn(seconds: number): string {
  if (seconds < 60) return `Try again in ${plural(seconds, 'second')}.`;
  const minutes = Math.ceil(seconds / 60);
  return `Try again in ${plural(minutes, 'minute')}.`;
}

/** Roster and history imports (schema/roster-import.ts): what a refused file or row is told. */
export const IMPORT_MSG = {
  fileRequired: 'Choose a CSV or XLSX file to import',
  fileTooLarge: (mb: number) => `The file is larger than the ${mb} MB an import takes. Split it into smaller files.`,
  tooManyRows: (max: string) => `The file has more than ${max} rows. Split it into files of at most ${max} rows.`,
  xlsFile: 'This is an old Excel .xls file. Save it as .xlsx or CSV, then import that.',
  notReadable: 'The file is not a CSV or XLSX file this app can read.',
  encoding: 'The file is not text in UTF-8, UTF-16 (with its byte-order mark) or Latin-1. Save it as CSV UTF-8.',
  unpackedTooLarge: 'The spreadsheet unpacks to more than an import takes. Save it as CSV, or split it.',
  noRows: 'The file has a header row but no rows to import',
  noHeader: 'The first row must name each column',
  duplicateHeader: (name: string) => `Two columns are named "${name}": rename one`,
  kindRequired: 'Choose what the file holds',
  unknownColumn: (name: string) => `The file has no column "${name}"`,
  formula: 'Starts like a spreadsheet formula (=, +, -, @): type it as plain text',
  yesNo: 'Write yes or no',
  duplicateInFile: (row: number) => `Same as row ${row} of this file`,
  notInProgram: 'No student with this student ID in the program',
  skillUnknown: 'No skill of this name or code for the program',
  siteUnknown: 'No clinical site of this name',
  rowsHaveErrors: 'Nothing was imported: fix the rows with errors and import the file again',
  alreadyImported: 'This file was already imported into this program; nothing was added',
  alreadyAttested: 'This import was already attested',
  notHistory: 'Only an import of records from another system is attested',
  timeZone: 'Unknown time zone: send an IANA name such as America/Chicago',
  awaitingAttestation:
    'A record here was imported from another system and counts once a coordinator attests its file; it cannot be signed off',
} as const;
/** Shift scheduling (issue 30): what a booking, a drop, a clock-in or a shift edit is refused with. */
export const SHIFT_MSG = {
  slotTaken: 'Slot taken: this shift filled up before your booking reached the server',
  alreadyBooked: 'You are already booked on this shift',
  cancelled: 'This shift was cancelled',
  signupNotOpen: 'Sign-up for this shift has not opened yet',
  signupClosed: 'Sign-up for this shift has closed',
  notInProgram: "This shift is not in the student's program",
  dropNotAllowed: 'This shift does not allow drops; ask your coordinator',
  dropTooLate: 'Too close to the start to drop this shift; ask your coordinator',
  swapNotAllowed: 'This shift does not allow swaps',
  noSwapOffer: 'No place on this shift is offered for a swap any more',
  swapSameShift: 'Give a place on another shift in exchange',
  swapPartnerBooked: 'The student offering the place is already booked on the shift you give',
  swapPartnerNotCompliant: 'The student offering the place may not take the shift you give (their records)',
  swapGivenOutsideSignup:
    'Sign-up for the shift you give is not open, so the student offering the place cannot take it',
  slotsBelowBooked: 'More students are booked than that many slots; drop bookings first',
  slotsRange: 'Slots must be a whole number from 1 to 100',
  durationRange: 'Duration must be from 15 minutes to 24 hours',
  repeatRange: 'A weekly series has from 1 to 52 shifts',
  windowRange: 'Enter minutes from 0 to 240',
  signupOrder: 'Sign-up must open before it closes',
  shiftTypeRequired: 'Choose clinical, field or lab',
  dateOnlyThisOne: 'Move the date of one shift at a time',
  clockReasonRequired: 'Say why: this clock-in is outside the shift window or away from the site',
  clockOutReasonRequired: 'Say why: this clock-out is outside the shift window',
  notClockedIn: 'Clock in before clocking out',
  alreadyClockedIn: 'Already clocked in on this shift',
  alreadyClockedOut: 'Already clocked out of this shift',
  clockOutBeforeIn: 'Clock-out must be after clock-in',
  clockFarFromShift: 'A clock-in must be within a day of the shift',
  ownHours: 'Nobody approves their own hours, from any of their accounts',
  ownCredential: 'Nobody records their own compliance records, from any of their accounts',
  swapPartnerNotInProgram: 'The student offering the place is not in the program of the shift you give',
  noHoursForLab: 'Lab shifts are attendance only: they log no clinical or field hours',
  hoursNotClocked: 'These hours were not clocked from a shift',
  credentialKindRequired: 'Choose what this record is (immunization, background check, ...)',
  cancelReasonRequired: 'Say why this shift is cancelled',
  latitudeRange: 'Latitude must be a number from -90 to 90',
  longitudeRange: 'Longitude must be a number from -180 to 180',
  radiusRange: 'The radius must be a whole number of metres from 25 to 5000',
  siteLocationPartial: 'Give the latitude, longitude and radius, or clear all three',
  siteNoLocation: 'This site has no location set, so your phone cannot check whether you are there',
  siteCheckDeclined: 'Not checked: without your consent the clock-in records no place',
  siteCheckFailed: 'Could not read this phone’s position, so the clock-in records no place',
  siteCheckAt: 'Your phone is at the site',
  siteCheckAway: 'Your phone is away from the site: say why below',
} as const;

/** Why a student may not book: their record of a required kind is missing or expired before the shift. */
export const credentialGap = (label: string, expiredOn: string | null) =>
  expiredOn ? `${label} expired on ${expiredOn}` : `No ${label.toLowerCase()} on file`;

/** The in-app message (and mail) everyone booked on a cancelled shift receives. */
export const shiftCancelledNotice = (what: string, reason: string) => ({
  subject: `Shift cancelled: ${what}`,
  content: `Your shift ${what} was cancelled. Reason: ${reason}. Book another open shift in Shifts.`,
});
/** The Daily Observation Report's texts (police field training; schema/dor.ts), on the device as on the server. */
export const DOR_MSG = {
  /** The one comment rule (schema/dor.ts `needsComment`): the FTO says why for ratings 1, 2, 6, 7, NRT and REM. */
  commentRequired: (rating: string | number) => `A rating of ${rating} needs a comment`,
  ratingInvalid: 'Choose a rating from 1 to 7, N.O., NRT or REM',
  categoryUnknown: "This category is not one of the program's DOR categories",
  dateRequired: 'Date of the shift is required',
  traineeRequired: 'Trainee is required',
  shiftTime: 'Enter a time as HH:MM',
  nothingToChange: 'Nothing to change',
  notPolice: 'Daily Observation Reports are kept for police programs only',
  traineeWritesActivityLog: "Only the trainee writes the activity log; the FTO's parts are the FTO's",
  ownReport: 'Nobody completes or reviews a report on themselves',
  twoParts: 'The FTO who completed this report cannot also review it',
  onlyTrainee: 'Only the trainee acknowledges their report',
  signedFrozen: 'This part of the report is signed and can no longer change',
  mustComplete: 'The FTO must complete the report before the trainee acknowledges it',
  mustAcknowledge: 'The trainee must acknowledge the report before the supervisor reviews it',
  alreadySigned: 'This step of the report is already signed',
  beforeEnrollment: 'A report cannot be dated before the trainee enrolled',
  signedBeforeShift: "A step cannot be signed before the report's shift: check this device's date",
  affirmRequired: 'Affirm that this is your signature',
  signatureRequired: 'Sign in the box, or type your full name',
  typedNotSigner: 'Type your own full name, as your account gives it, to sign',
  assignmentRequired: 'Give the assignment, or the reason for no evaluation',
  narrativeRequired: 'The narrative is required (most acceptable performance of the day)',
  unrated: (count: number) =>
    `${plural(count, 'category', 'categories')} not rated: rate each one, N.O. where it was not observed`,
  categoriesRequired: 'Give at least one category',
  categoriesTooMany: 'At most 100 categories',
  categoryDuplicate: 'Each category needs its own name and code',
  categoryName: 'Category name is required',
  categoryCode: 'A category code is lower-case letters, digits and dashes',
  categoryGroup: 'Group is required',
  phaseWeek: 'Give weeks as whole numbers from 1 to 104',
  phaseShare: 'Give the share as a percentage from 0 to 100',
  phaseRulesTooMany: 'At most 20 intervals',
  phaseRulesOrder: 'Give the intervals in order, without overlaps, each share from 0 to 100 %',
} as const;

/** The fire task book's refusals (schema/fire-task-book.ts), the same words on the device and the server. */
export const TASK_BOOK_ERR = {
  notFireProgram: 'A task book is kept only for a student of a Fire Fighter I or II program',
  bookAlreadyStarted: 'This candidate already has a task book for this level',
  onlyCandidateStarts: 'The candidate starts their own task book, or staff of their program start it for them',
  bookClosed: 'This task book is verified: no more JPRs are signed in it',
  notAJpr: "This skill is not a JPR of the book's level",
  jprAlreadySigned: 'This JPR is already signed as passed',
  jprPassedInTraining:
    'This JPR is already passed in training: the program requires it performed and signed again outside training',
  jprAttemptsPerDay: (n: number) => `At most ${plural(n, 'attempt')} a day on a JPR: try again on another day`,
  jprDaysUsed: (n: number) => `A JPR may be attempted on at most ${plural(n, 'day')}: its days are used up`,
  jprBeforeStart: 'A JPR observed before the task book was started cannot be signed in it',
  startedTooEarly: (days: number) =>
    `A task book reaches the server at most ${plural(days, 'day')} after it is started`,
  signedBeforeStart: "The book cannot be signed before it was started: check this device's date",
  sheetFailed: 'A skill sheet passes only when every step passes',
  stepName: 'Name the step',
  stepUnmarked: 'Mark the step pass or fail',
  ownJpr: 'Nobody signs their own JPRs or task book',
  codeRequired: "An evaluator signing on the candidate's phone gives the six-digit co-sign code from their own phone",
  notEvaluator: 'This account may not evaluate JPRs of this candidate',
  evaluatorNotSigner:
    "The evaluator name must be the name on the account that signs: the evaluator's own sign-in, or the account whose co-sign code was given",
  bookIncomplete: (missing: number) => `${plural(missing, 'required JPR')} still to be signed as passed`,
  notStarted: 'Only a task book in progress can be verified',
  notVerified: 'The final evaluator verifies the book before the certifying official signs it',
  sameSigner: 'The certifying official must be someone other than the final evaluator',
  notProgramEvaluator: "Only staff assigned to the candidate's program, or its named director, verify the task book",
  notProgramOfficial:
    "Only a director or administration account assigned to the candidate's program, or its named director, certifies the task book",
  attemptsRange: 'Enter a whole number from 1 to 5',
  rulesFireOnly: 'Task-book rules are set for fire programs only',
} as const;
