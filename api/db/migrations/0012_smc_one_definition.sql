ALTER TABLE `patient_contacts` ADD `smc_item` text;--> statement-breakpoint
-- One SMC (schema/smc.ts): the age and pathology tables and team leads count patient contacts, so the catalogue's
-- items that stood for those counts (SMC T1-x, T2-x and the capstone team leads T4-2) are retired. Their logged
-- attempts stay in the log; what they counted becomes patient contacts that count in that one item (`smc_item`):
-- per student, item, setting and verification (verified when the attempt was), as many contacts as the standing
-- (not voided, not observed) rows' successful attempts add up to, dated on the group's latest attempt, so each
-- item's verified and awaiting counts are the same before and after. They are then removed from the catalogue (a
-- tombstone with a new data version, so every device drops them) and their figures leave the tallies by the skills
-- trigger of 0007.
UPDATE `sync_meta` SET `version` = `version` + 1 WHERE `id` = 1 AND EXISTS (SELECT 1 FROM `skills`
  WHERE `deleted_at` IS NULL AND `program_type` = 'ems'
    AND (`smc_matrix_number` GLOB 'T1-*' OR `smc_matrix_number` GLOB 'T2-*' OR `smc_matrix_number` = 'T4-2'));--> statement-breakpoint
INSERT INTO `patient_contacts` (`id`, `created_at`, `updated_at`, `version`, `student_id`, `date`, `setting`,
  `age_years`, `age_months`, `gender`, `chief_complaints`, `primary_impression`, `team_lead`, `care_level`,
  `disposition`, `notes`, `recorded_by`, `verified_by`, `verified_at`, `smc_item`)
WITH RECURSIVE `item_of` (`matrix`, `item`) AS (VALUES
  ('T1-1', 'age:Pediatric (total)'), ('T1-2', 'age:Newborn'), ('T1-3', 'age:Infant/Toddler'),
  ('T1-4', 'age:Infant/Toddler'), ('T1-5', 'age:Preschool'), ('T1-6', 'age:School-age'), ('T1-7', 'age:Adolescent'),
  ('T1-8', 'age:Adult'), ('T1-9', 'age:Geriatric'), ('T2-1', 'pathology:Trauma'),
  ('T2-2', 'pathology:Psychiatric/Behavioral'), ('T2-3', 'pathology:Obstetrics'), ('T2-4', 'pathology:Obstetrics'),
  ('T2-5', 'pathology:Distressed neonate'), ('T2-6', 'pathology:Cardiac'), ('T2-7', 'pathology:Cardiac arrest'),
  ('T2-8', 'pathology:Cardiac dysrhythmias'), ('T2-9', 'pathology:Neurological'), ('T2-10', 'pathology:Respiratory'),
  ('T2-11', 'pathology:Other'), ('T4-2', 'teamLeads')
), `grouped` AS (
  SELECT a.`student_id` AS `student_id`, i.`item` AS `item`, coalesce(a.`setting`, '') AS `setting`,
    a.`verified_by` IS NOT NULL AS `verified`, max(a.`verified_by`) AS `verified_by`, max(a.`verified_at`) AS `verified_at`,
    max(a.`recorded_by`) AS `recorded_by`, substr(max(a.`attempted_at`), 1, 10) AS `date`,
    sum(a.`successful_delta`) AS `successes`
  FROM `skill_attempts` a
  JOIN `skills` k ON k.`id` = a.`skill_id` AND k.`deleted_at` IS NULL
  JOIN `item_of` i ON i.`matrix` = k.`smc_matrix_number`
  WHERE a.`deleted_at` IS NULL AND coalesce(a.`participation`, '') <> 'observed'
    AND NOT EXISTS (SELECT 1 FROM `skill_attempt_voids` v WHERE v.`attempt_id` = a.`id` AND v.`deleted_at` IS NULL)
  GROUP BY a.`student_id`, i.`item`, coalesce(a.`setting`, ''), a.`verified_by` IS NOT NULL
), `copies` (`n`, `student_id`, `item`, `setting`, `verified_by`, `verified_at`, `recorded_by`, `date`, `successes`) AS (
  SELECT 1, `student_id`, `item`, `setting`, `verified_by`, `verified_at`, `recorded_by`, `date`, `successes`
  FROM `grouped` WHERE `successes` > 0
  UNION ALL
  SELECT `n` + 1, `student_id`, `item`, `setting`, `verified_by`, `verified_at`, `recorded_by`, `date`, `successes`
  FROM `copies` WHERE `n` < `successes`
)
SELECT lower(hex(randomblob(4))) || '-' || lower(hex(randomblob(2))) || '-4' || substr(lower(hex(randomblob(2))), 2)
    || '-' || substr('89ab', 1 + abs(random()) % 4, 1) || substr(lower(hex(randomblob(2))), 2) || '-'
    || lower(hex(randomblob(6))),
  strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
  coalesce((SELECT `version` FROM `sync_meta` WHERE `id` = 1), 1), `student_id`, `date`, `setting`, 0, 0, 'unknown',
  '[]', 'Other', `item` = 'teamLeads', 'als', 'transported', 'Moved from the skills catalogue''s SMC items (migration 0012)',
  `recorded_by`, `verified_by`, `verified_at`, `item`
FROM `copies`;--> statement-breakpoint
UPDATE `skills` SET `deleted_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), `updated_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now'),
  `version` = coalesce((SELECT `version` FROM `sync_meta` WHERE `id` = 1), `version`)
WHERE `deleted_at` IS NULL AND `program_type` = 'ems'
  AND (`smc_matrix_number` GLOB 'T1-*' OR `smc_matrix_number` GLOB 'T2-*' OR `smc_matrix_number` = 'T4-2');
