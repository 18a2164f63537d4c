ALTER TABLE `attestations` ADD `evidence` text DEFAULT '{}' NOT NULL;
--> statement-breakpoint
-- Attestations signed before this migration froze their evidence under its labels of the day, the SMC table titles
-- included, so retitling a table read as "changed after attestation". Each is given the same figures under the stable
-- keys the app now compares (api/domain/portfolio/attestation.ts `evidenceOf`); its snapshot and hash, what was
-- signed, stay as they were. A label no record matches keeps a key of its own, so it reads changed rather than hidden.
DROP TRIGGER `attestations_no_update`;
--> statement-breakpoint
WITH `default_dor` (`code`, `name`) AS (VALUES
  ('dor01-driving-stress', 'Driving Skill: Stress Conditions'),
  ('dor02-orientation-stress', 'Orientation Skill: Stress Conditions'),
  ('dor03-field-performance-stress', 'Field Performance: Stress Conditions'),
  ('dor04-officer-safety-general', 'Officer Safety: General'),
  ('dor05-officer-safety-suspects-prisoners', 'Officer Safety: Suspicious Persons & Prisoners'),
  ('dor06-conflict-voice-command', 'Control of Conflict: Voice Command'),
  ('dor07-conflict-physical-skill', 'Control of Conflict: Physical Skill'),
  ('dor08-use-of-force', 'Use of Force'),
  ('dor09-driving-non-stress', 'Driving Skill: Non-Stress Conditions'),
  ('dor10-orientation-non-stress', 'Orientation Skill: Non-Stress Conditions'),
  ('dor11-field-performance-non-stress', 'Field Performance: Non-Stress Conditions'),
  ('dor12-problem-solving-decision-making', 'Problem Solving & Decision Making'),
  ('dor13-self-initiated-activity', 'Self-Initiated Field Activity'),
  ('dor14-patrol-procedures', 'Patrol Procedures'),
  ('dor15-investigative-procedures', 'Investigative Procedures'),
  ('dor16-interview-interrogation', 'Interview & Interrogation Skills'),
  ('dor17-technology', 'Technology (Computer, Radar, LIDAR, Camera, Breath Testing)'),
  ('dor18-routine-forms', 'Routine Forms: Accuracy and Completeness'),
  ('dor19-report-organization-details', 'Report Writing: Organization/Details'),
  ('dor20-report-grammar-spelling', 'Report Writing: Grammar/Neatness/Spelling'),
  ('dor21-report-time-used', 'Report Writing: Appropriate Time Used'),
  ('dor22-radio-codes-procedures', 'Radio: Use of Codes & Procedures'),
  ('dor23-radio-comprehension', 'Radio: Hears & Comprehends Transmissions'),
  ('dor24-radio-articulation', 'Radio: Articulation of Transmissions'),
  ('dor25-policy-field', 'Department Policy & Procedure – Reflected in Field Performance'),
  ('dor26-policy-testing', 'Department Policy & Procedure – Reflected by Verbal/Written/Simulated Testing'),
  ('dor27-criminal-statutes-field', 'Criminal Statutes – Reflected in Field Performance'),
  ('dor28-criminal-statutes-testing', 'Criminal Statutes – Reflected by Verbal/Written/Simulated Testing'),
  ('dor29-resources-alternatives-field', 'Resources & Alternatives – Reflected in Field Performance'),
  ('dor30-resources-alternatives-testing', 'Resources & Alternatives – Reflected by Verbal/Written/Simulated Testing'),
  ('dor31-traffic-statutes-field', 'Traffic Statutes – Reflected in Field Performance'),
  ('dor32-traffic-statutes-testing', 'Traffic Statutes – Reflected by Verbal/Written/Simulated Testing'),
  ('dor33-scope-of-practice-field', 'Scope of Practice – Reflected in Field Performance'),
  ('dor34-scope-of-practice-testing', 'Scope of Practice – Reflected by Verbal/Written/Simulated Testing'),
  ('dor35-acceptance-of-feedback', 'Acceptance of Feedback: FTO & FTEP'),
  ('dor36-attitude-toward-police-work', 'Attitude Toward Police Work'),
  ('dor37-relationships-citizens', 'Relationships: Citizens in General'),
  ('dor38-relationships-cultural-groups', 'Relationships: Ethnic/Cultural/Social Groups'),
  ('dor39-relationships-department', 'Relationships: Department Members/Supervisors'),
  ('dor40-general-appearance', 'General Appearance')
), `legacy` AS (
  SELECT a.`id`, a.`student_id`, st.`program_id`, coalesce(st.`ems_certification_level`, p.`certification_level`)
    AS `level`, e.`key` AS `label`, e.`value` AS `value`
  FROM `attestations` a JOIN `students` st ON st.`id` = a.`student_id` JOIN `programs` p ON p.`id` = st.`program_id`,
    json_each(a.`snapshot`) e
  WHERE a.`evidence` = '{}'
), `keyed` AS (
  SELECT l.`id`, l.`label`,
    CASE
      WHEN l.`label` GLOB 'Table 1: Ages: *' THEN 'smc:age:' || substr(l.`label`, 16)
      WHEN l.`label` GLOB 'Table 2: Pathologies: *' THEN 'smc:pathology:' || substr(l.`label`, 23)
      WHEN l.`label` GLOB 'Table 4: Team leads: *' THEN 'smc:teamLeads:' || substr(l.`label`, 22)
      WHEN l.`label` GLOB 'Table 3: Motor skills: *' THEN 'smc:motor:' || (
        SELECT s.`id` FROM `skills` s
        WHERE s.`program_type` = 'ems' AND coalesce(s.`smc_motor_skill_name`, s.`name`) = substr(l.`label`, 24)
        ORDER BY s.`certification_level` = l.`level` DESC, s.`deleted_at` IS NULL DESC LIMIT 1)
      WHEN l.`label` GLOB 'Skills (program-set minimums): *' THEN 'smc:motor:' || (
        SELECT s.`id` FROM `skills` s
        WHERE s.`program_type` = 'ems' AND coalesce(s.`smc_motor_skill_name`, s.`name`) = substr(l.`label`, 32)
        ORDER BY s.`certification_level` = l.`level` DESC, s.`deleted_at` IS NULL DESC LIMIT 1)
      WHEN l.`label` GLOB 'JPR *' THEN (
        SELECT 'jpr:' || s.`id` FROM `skills` s
        WHERE s.`program_type` = 'fire' AND 'JPR ' || coalesce(s.`standard_reference`, '') || ' ' || s.`name` = l.`label`
        ORDER BY s.`deleted_at` IS NULL DESC LIMIT 1)
      WHEN l.`label` = 'Task book' THEN 'taskBook:state'
      WHEN l.`label` = 'DOR phase' THEN 'dor:phase'
      WHEN l.`label` = 'DORs signed through all phases' THEN 'dor:signedThroughAllPhases'
      WHEN l.`label` GLOB 'DOR *' THEN 'dor:' || coalesce(
        (SELECT json_extract(c.`value`, '$.code') FROM `programs` p, json_each(p.`dor_categories`) c
          WHERE p.`id` = l.`program_id` AND json_extract(c.`value`, '$.name') = substr(l.`label`, 5)),
        (SELECT d.`code` FROM `default_dor` d WHERE d.`name` = substr(l.`label`, 5)))
      WHEN l.`label` = 'Hours verified' THEN 'hours:verified'
      WHEN l.`label` GLOB 'Sign-off *' THEN (
        SELECT 'signOff:' || so.`id` FROM `sign_offs` so
        WHERE so.`student_id` = l.`student_id` AND substr(l.`label`, -(length(so.`id`) + 2)) = '(' || so.`id` || ')')
    END AS `key`,
    CASE
      WHEN l.`label` = 'Task book' THEN CASE l.`value`
        WHEN 'Not started' THEN 'not_started'
        WHEN 'In progress' THEN 'started'
        WHEN 'Verified by the final evaluator' THEN 'verified'
        WHEN 'Certified by the agency' THEN 'certified'
        ELSE l.`value` END
      WHEN l.`label` GLOB 'JPR *' THEN replace(replace(l.`value`, '(Observed first-hand)', '(observed)'),
        '(Documented prior performance)', '(prior_documented)')
      ELSE l.`value`
    END AS `value`,
    l.`value` AS `text`
  FROM `legacy` l
)
UPDATE `attestations` SET `evidence` = (
  SELECT json_group_object(coalesce(k.`key`, 'label:' || k.`label`), CASE WHEN k.`text` = k.`value`
    THEN json_object('label', k.`label`, 'value', k.`value`)
    ELSE json_object('label', k.`label`, 'value', k.`value`, 'text', k.`text`) END)
  FROM `keyed` k WHERE k.`id` = `attestations`.`id`
)
WHERE `evidence` = '{}';
--> statement-breakpoint
CREATE TRIGGER `attestations_no_update` BEFORE UPDATE ON `attestations` BEGIN SELECT RAISE(ABORT, 'attestations are append-only'); END;
