/** Enumerations of both spec parts, with their display labels. Defined once; web and api import them. */
import type { AssessmentField } from './assessment-fields.ts';

export const ROLES = [
  'student',
  'instructor',
  'administration',
  'preceptor',
  'director',
  'clinical_coordinator',
] as const;
export type Role = (typeof ROLES)[number];
export const ROLE_LABELS: Record<Role, string> = {
  student: 'Student',
  instructor: 'Instructor',
  administration: 'Administration',
  preceptor: 'Preceptor',
  director: 'Director',
  clinical_coordinator: 'Clinical Coordinator',
};
/** What each role does, on the role cards of Add New User and the profile. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  student: 'Enrolled in training programs',
  instructor: 'Teaching and assessment staff',
  preceptor: 'Clinical field supervision',
  administration: 'Administrative staff',
  director: 'Program director with full access',
  clinical_coordinator: 'Clinical site management',
};
/** Roles a program assignment may carry (the spec's validation also accepts student). */
export const ASSIGNABLE_ROLES = [
  'instructor',
  'administration',
  'preceptor',
  'director',
  'clinical_coordinator',
  'student',
] as const;
export const JOIN_REQUEST_ROLES = ['student', 'instructor', 'preceptor'] as const;

export const PROGRAM_TYPES = ['ems', 'fire', 'police'] as const;
export type ProgramType = (typeof PROGRAM_TYPES)[number];
export const PROGRAM_TYPE_LABELS: Record<ProgramType, string> = { ems: 'EMS', fire: 'Fire', police: 'Police' };

/**
 * Who verifies a student's records, in each discipline's own words (research wave 2 §5, wave 3 §4-5): an EMS
 * student's preceptor; a fire candidate's evaluator or company officer, who signs their JPRs; a police recruit's FTO
 * (Field Training Officer), who writes their Daily Observation Reports. What a student's home calls the wait for them.
 */
export const VERIFIER_WORDS: Record<ProgramType, { waiting: string; notCounted: string }> = {
  ems: { waiting: 'Waiting for a preceptor', notCounted: "Not counted until a preceptor's word stands" },
  fire: {
    waiting: 'Waiting for an evaluator or company officer',
    notCounted: "Not counted until an evaluator's or company officer's word stands",
  },
  police: { waiting: 'Waiting for an FTO', notCounted: "Not counted until an FTO's word stands" },
};
/** Documents add a General program type. */
export const DOCUMENT_PROGRAM_TYPES = ['ems', 'fire', 'police', 'general'] as const;
export type DocumentProgramType = (typeof DOCUMENT_PROGRAM_TYPES)[number];

/** Certification levels of the skills catalogue (EMS levels plus the fire and police levels of the standards data). */
export const CERTIFICATION_LEVELS = [
  'emr',
  'emt',
  'aemt',
  'paramedic',
  'critical_care',
  'firefighter_1',
  'firefighter_2',
  'basic_peace_officer',
  'field_training',
] as const;
export type CertificationLevel = (typeof CERTIFICATION_LEVELS)[number];
/** Which certification levels belong to each program type. */
export const LEVELS_BY_PROGRAM_TYPE: Record<ProgramType, readonly CertificationLevel[]> = {
  ems: ['emr', 'emt', 'aemt', 'paramedic', 'critical_care'],
  fire: ['firefighter_1', 'firefighter_2'],
  police: ['basic_peace_officer', 'field_training'],
};
export const CERTIFICATION_LEVEL_LABELS: Record<CertificationLevel, string> = {
  emr: 'EMR - Emergency Medical Responder',
  emt: 'EMT - Emergency Medical Technician',
  aemt: 'AEMT - Advanced Emergency Medical Technician',
  paramedic: 'Paramedic - Advanced Life Support',
  critical_care: 'Critical Care Paramedic',
  firefighter_1: 'Firefighter I',
  firefighter_2: 'Firefighter II',
  basic_peace_officer: 'Basic Peace Officer',
  field_training: 'Field Training',
};
/** The four EMS levels the skill-entry and student screens offer, by the short names those screens show. */
export const SHORT_LEVEL_LABELS = {
  emr: 'EMR',
  emt: 'EMT',
  aemt: 'AEMT',
  paramedic: 'Paramedic',
} as const satisfies Partial<Record<CertificationLevel, string>>;
export const EMS_LEVELS = ['emr', 'emt', 'aemt', 'paramedic', 'critical_care'] as const;
export type EmsLevel = (typeof EMS_LEVELS)[number];
/** The preceptor request form (part 2) names critical care 'critical_care_paramedic'. */
export const PRECEPTOR_REQUEST_LEVELS = ['emr', 'emt', 'aemt', 'paramedic', 'critical_care_paramedic'] as const;
export const PRECEPTOR_LEVEL_LABELS: Record<(typeof PRECEPTOR_REQUEST_LEVELS)[number], string> = {
  ...SHORT_LEVEL_LABELS,
  critical_care_paramedic: CERTIFICATION_LEVEL_LABELS.critical_care,
};

export const EMS_COMPETENCY_CATEGORIES = [
  'Patient Assessment',
  'Airway Management',
  'Cardiovascular Emergencies',
  'Trauma Management',
  'Medical Emergencies',
  'Special Populations',
  'EMS Operations',
  'Pharmacology',
  'Advanced Assessment',
  'Critical Care Transport',
  'Advanced Airway Management',
  'Advanced Cardiovascular Care',
  'Critical Care Pharmacology',
] as const;

export const SKILL_STATUSES = [
  'not_started',
  'in_progress',
  'completed',
  'needs_improvement',
  'failed',
  'remediation_required',
] as const;
export type SkillStatus = (typeof SKILL_STATUSES)[number];
export const SKILL_STATUS_LABELS: Record<SkillStatus, string> = {
  not_started: 'Not Started',
  in_progress: 'In Progress',
  completed: 'Completed',
  needs_improvement: 'Needs Improvement',
  failed: 'Failed',
  remediation_required: 'Remediation Required',
};
/** The progress form's status choices: the EMS form's (spec part 1, section 4), and Fire/Police's, which record Failed and Remediation. */
export const EMS_FORM_STATUSES: readonly SkillStatus[] = [
  'not_started',
  'in_progress',
  'completed',
  'needs_improvement',
];
export const DISCIPLINE_FORM_STATUSES: readonly SkillStatus[] = [
  'not_started',
  'in_progress',
  'completed',
  'failed',
  'remediation_required',
];
/** What the screens call each judgement field of a student's skill (here, not beside them: this file loads no zod). */
export const ASSESSMENT_FIELD_LABELS: Record<AssessmentField, string> = {
  statusOverride: 'Status',
  progressOverride: 'Progress %',
  notes: 'Notes',
  nextAssessmentDate: 'Next Assessment Date',
};

export const CONFIDENCE_LEVELS = ['verbatim', 'paraphrased', 'uncertain'] as const;
export type Confidence = (typeof CONFIDENCE_LEVELS)[number];
/**
 * How far a seeded standards item can be trusted, in plain words for whoever reads the record (api/seed/standards/
 * README.md): verbatim and paraphrased items were found in the source named; uncertain ones were not.
 */
export const CONFIDENCE_LABELS: Record<Confidence, string> = {
  verbatim: 'Verified – quoted from the source',
  paraphrased: 'Verified – reworded from the source',
  uncertain: 'Unverified – check before relying on it',
};

export const DEPARTMENTS = [
  'Emergency Medical Services',
  'Fire Science',
  'Law Enforcement',
  'Administration',
  'Clinical Education',
] as const;

export const SITE_TYPES = [
  'Hospital',
  'Emergency Department',
  'Ambulance Service',
  'Fire Department',
  'Police Department',
  'Clinic',
  'Urgent Care',
  'Rehabilitation Center',
  'Mental Health Facility',
  'Skilled Nursing Facility',
  'Other',
] as const;
/** Site types of the data-management site form (part 2), with their specialty choices. */
export const SITE_TYPE_SPECIALTIES = {
  Hospital: ['Emergency Department', 'ICU', 'Surgery', 'Pediatrics', 'Cardiology', 'Trauma'],
  Fire_Station: ['Structural Firefighting', 'EMS', 'Rescue Operations', 'Hazmat', 'Prevention'],
  Ambulance_Service: ['Emergency Response', 'Critical Care Transport', 'Community Paramedic'],
  Police_Department: ['Patrol', 'Criminal Investigation', 'Traffic Enforcement', 'Community Policing'],
  Training_Center: ['Skills Lab', 'Simulation', 'Classroom Training', 'Practical Testing'],
} as const;
export const MANAGEMENT_SITE_TYPES = Object.keys(SITE_TYPE_SPECIALTIES) as (keyof typeof SITE_TYPE_SPECIALTIES)[];
export const SIMPLE_SITE_TYPES = [
  'hospital',
  'fire_station',
  'ambulance_service',
  'clinic',
  'police_department',
] as const;
export const SITE_SPECIALTIES_BY_PROGRAM: Record<ProgramType, readonly string[]> = {
  ems: [
    'Emergency Medicine',
    'Trauma',
    'Cardiology',
    'Pediatrics',
    'Obstetrics',
    'Critical Care',
    'Surgery',
    'Orthopedics',
    'Neurology',
    'Psychiatry',
  ],
  fire: [
    'Structural Firefighting',
    'Wildland Firefighting',
    'Vehicle Rescue',
    'Technical Rescue',
    'Hazmat Response',
    'Fire Prevention',
    'Fire Investigation',
  ],
  police: [
    'Patrol',
    'Traffic Enforcement',
    'Criminal Investigation',
    'Community Policing',
    'Special Operations',
    'Juvenile Services',
    'Domestic Violence',
    'Narcotics',
  ],
};
export const INSTRUCTOR_CERTIFICATIONS: Record<ProgramType, readonly string[]> = {
  ems: ['Paramedic', 'AEMT', 'EMT-Basic', 'EMR', 'PHTLS', 'ACLS', 'BLS', 'PALS', 'CPR Instructor'],
  fire: [
    'Fire Officer I',
    'Fire Officer II',
    'Fire Instructor I',
    'Fire Instructor II',
    'Firefighter I',
    'Firefighter II',
    'Hazmat Operations',
    'Technical Rescue',
  ],
  police: [
    'Basic Peace Officer',
    'Intermediate Certificate',
    'Advanced Certificate',
    'Supervisor Certificate',
    'FTO Certified',
    'Defensive Tactics Instructor',
  ],
};
export const PRECEPTOR_FOCUS_SKILLS = [
  'Patient Assessment',
  'Vital Signs',
  'IV Therapy',
  'Medication Administration',
  'Airway Management',
  'Cardiac Monitoring',
  'Emergency Procedures',
  'Documentation',
  'Fire Suppression',
  'Rescue Operations',
  'Hazmat Response',
  'Medical Response',
  'Traffic Enforcement',
  'Criminal Investigation',
  'Report Writing',
  'Community Policing',
] as const;

export const DOCUMENT_TYPES = [
  'Policy',
  'Procedure',
  'Training Material',
  'Assessment',
  'Certification',
  'Accreditation',
  'Form',
  'Template',
  'Reference Guide',
  'Other',
] as const;
export const DOCUMENT_EXTENSIONS = [
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'txt',
  'jpg',
  'jpeg',
  'png',
] as const;
export const DOCUMENT_MAX_BYTES = 25 * 1024 * 1024;
/** At most this many uploads of one user are received at once; more wait (429) rather than fill memory and disk. */
export const UPLOADS_IN_FLIGHT_PER_USER = 2;
/** What one program's documents (deleted ones too: their files stay on disk) may take up unless UPLOAD_QUOTA_BYTES_PER_PROGRAM says otherwise. */
export const UPLOAD_QUOTA_BYTES_PER_PROGRAM = 2 * 1024 * 1024 * 1024;
/** The text fields an upload form may carry (it has six); a form with more is refused before it is read. */
export const UPLOAD_FORM_MAX_FIELDS = 20;

/** Request bodies are refused (413) past these sizes while they stream in: a sign-in, and any other JSON request. */
export const SIGN_IN_BODY_MAX_BYTES = 4 * 1024;
export const JSON_BODY_MAX_BYTES = 1024 * 1024;
/** The most mutations one sync push may carry; a client sends a longer queue in several pushes. */
export const MAX_PUSH_MUTATIONS = 100;
/**
 * Device databases the server keeps a counter for, per user (each browser profile, reinstall or cleared storage is
 * one); past it the one unused longest is forgotten, and that device starts again as a new one at its next push.
 */
export const MAX_SYNC_CLIENTS_PER_USER = 20;

export type RequestStatus = 'pending' | 'approved' | 'denied';
export const REQUEST_KINDS = ['program-join', 'role-change', 'preceptor', 'clinical-time'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];

export const MESSAGE_PRIORITIES = ['low', 'normal', 'high', 'urgent'] as const;
export const MESSAGE_CATEGORIES = ['general', 'clinical', 'academic', 'administrative'] as const;
export const MESSAGE_PRIORITY_LABELS: Record<(typeof MESSAGE_PRIORITIES)[number], string> = {
  urgent: 'Urgent',
  high: 'High',
  normal: 'Normal',
  low: 'Low',
};
export const MESSAGE_CATEGORY_LABELS: Record<(typeof MESSAGE_CATEGORIES)[number], string> = {
  general: 'General',
  clinical: 'Clinical',
  academic: 'Academic',
  administrative: 'Administrative',
};

export const ACCREDITATION_STATUSES = ['pending', 'in_progress', 'completed', 'overdue', 'needs_improvement'] as const;
export type AccreditationStatus = (typeof ACCREDITATION_STATUSES)[number];
export const RAM_PERCENT_OPTIONS = [100, 95, 90, 85, 80, 75, 70, 65, 60, 55, 50] as const;

export const PROGRESS_REPORT_STATUSES = ['on_track', 'at_risk', 'behind', 'completed'] as const;
export const COMPLIANCE_STATUSES = ['compliant', 'at_risk', 'non_compliant', 'pending_review'] as const;
export const COMPLIANCE_PRIORITIES = ['high', 'medium', 'low'] as const;
export const COMPLIANCE_STANDARDS = ['CoAEMSP', 'NFPA', 'POST'] as const;
export const GRADUATION_STATUSES = ['ready', 'on_track', 'needs_attention', 'delayed'] as const;
export const STANDARD_BY_PROGRAM_TYPE: Record<ProgramType, (typeof COMPLIANCE_STANDARDS)[number]> = {
  ems: 'CoAEMSP',
  fire: 'NFPA',
  police: 'POST',
};

/** Where a skill attempt happened (CoAEMSP SMC and Fisdap record the same four). */
export const ATTEMPT_SETTINGS = ['lab', 'simulation', 'clinical', 'field'] as const;
export type AttemptSetting = (typeof ATTEMPT_SETTINGS)[number];
export const ATTEMPT_SETTING_LABELS: Record<AttemptSetting, string> = {
  lab: 'Lab',
  simulation: 'Simulation',
  clinical: 'Clinical',
  field: 'Field',
};
export const ATTEMPT_OUTCOMES = ['successful', 'unsuccessful'] as const;
export type AttemptOutcome = (typeof ATTEMPT_OUTCOMES)[number];
export const ATTEMPT_OUTCOME_LABELS: Record<AttemptOutcome, string> = {
  successful: 'Successful',
  unsuccessful: 'Unsuccessful',
};
/** Performed counts toward the minimums; observed is kept as evidence of exposure only. */
export const ATTEMPT_PARTICIPATION = ['performed', 'observed'] as const;
export const ATTEMPT_PARTICIPATION_LABELS: Record<(typeof ATTEMPT_PARTICIPATION)[number], string> = {
  performed: 'Performed',
  observed: 'Observed',
};

export const HOUR_TYPES = ['clinical', 'field'] as const;
export const HOUR_TYPE_LABELS: Record<(typeof HOUR_TYPES)[number], string> = { clinical: 'Clinical', field: 'Field' };

export const CONTACT_GENDERS = ['female', 'male', 'other', 'unknown'] as const;
export const CARE_LEVELS = ['als', 'bls'] as const;
export const CONTACT_DISPOSITIONS = [
  'transported',
  'treated_released',
  'refused_care',
  'transferred_care',
  'dead_on_scene',
  'cancelled',
] as const;
export const CONTACT_GENDER_LABELS: Record<(typeof CONTACT_GENDERS)[number], string> = {
  female: 'Female',
  male: 'Male',
  other: 'Other',
  unknown: 'Unknown',
};
export const CARE_LEVEL_LABELS: Record<(typeof CARE_LEVELS)[number], string> = { als: 'ALS', bls: 'BLS' };
export const CONTACT_DISPOSITION_LABELS: Record<(typeof CONTACT_DISPOSITIONS)[number], string> = {
  transported: 'Transported',
  treated_released: 'Treated and released',
  refused_care: 'Refused care',
  transferred_care: 'Care transferred',
  dead_on_scene: 'Dead on scene',
  cancelled: 'Cancelled',
};
