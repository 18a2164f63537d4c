ALTER TABLE `patient_contacts` ADD `verified_by` text;--> statement-breakpoint
ALTER TABLE `patient_contacts` ADD `verified_at` text;--> statement-breakpoint
-- A student's own patient contacts wait for verification as their hours do (0010_verified_hours.sql): a staff member
-- who logs a contact verifies it, a sign-off in a counted state that holds it verifies it (verified_by 'sign-off:<id>');
-- the SMC tables and team leads count verified contacts only (schema/contact-figures.ts).
-- Contacts logged before this migration: a staff member's are verified by their recorder, a student's by a sign-off of
-- theirs that holds them in a state the program counts; the rows take a new data version so every device pulls them.
UPDATE `sync_meta` SET `version` = `version` + 1 WHERE `id` = 1 AND EXISTS (SELECT 1 FROM `patient_contacts`);--> statement-breakpoint
UPDATE `patient_contacts` SET `verified_by` = `recorded_by`, `verified_at` = `created_at`
WHERE `recorded_by` NOT IN (SELECT `id` FROM `users` WHERE `role` = 'student');--> statement-breakpoint
UPDATE `patient_contacts` SET `verified_by` = (
  SELECT 'sign-off:' || s.`id` FROM `sign_offs` s
  JOIN `students` st ON st.`id` = s.`student_id`
  LEFT JOIN `programs` p ON p.`id` = st.`program_id`
  WHERE s.`deleted_at` IS NULL AND s.`student_id` = `patient_contacts`.`student_id`
    AND EXISTS (SELECT 1 FROM json_each(s.`records`) r
      WHERE json_extract(r.`value`, '$.kind') = 'contact' AND json_extract(r.`value`, '$.id') = `patient_contacts`.`id`)
    AND s.`status` IN (SELECT `value` FROM json_each(coalesce(p.`counted_sign_off_states`, '["code_verified","confirmed"]')))
  LIMIT 1
), `verified_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
WHERE `verified_by` IS NULL;--> statement-breakpoint
UPDATE `patient_contacts` SET `verified_at` = NULL WHERE `verified_by` IS NULL;--> statement-breakpoint
-- (a database no server has opened yet has no sync_meta row, and nothing to pull)
UPDATE `patient_contacts` SET `version` = coalesce((SELECT `version` FROM `sync_meta` WHERE `id` = 1), `version`);
