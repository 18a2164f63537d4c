-- The default sign-off states that count are now the preceptor's own word only (confirmed, code-verified). A program
-- on the default whose students already have sign-offs accepted by a coordinator keeps counting them: the states it
-- counted are written out, so no student's figures change with this migration. The row takes a new data version so
-- every device sees the program's setting as the server now holds it.
UPDATE `sync_meta` SET `version` = `version` + 1
WHERE `id` = 1 AND EXISTS (
  SELECT 1 FROM `programs` p
  WHERE p.`counted_sign_off_states` IS NULL AND EXISTS (
    SELECT 1 FROM `sign_offs` s JOIN `students` st ON st.`id` = s.`student_id`
    WHERE st.`program_id` = p.`id` AND s.`status` = 'accepted' AND s.`deleted_at` IS NULL
  )
);--> statement-breakpoint
UPDATE `programs`
SET `counted_sign_off_states` = '["code_verified","confirmed","accepted"]',
  `version` = (SELECT `version` FROM `sync_meta` WHERE `id` = 1),
  `updated_at` = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
WHERE `counted_sign_off_states` IS NULL AND EXISTS (
  SELECT 1 FROM `sign_offs` s JOIN `students` st ON st.`id` = s.`student_id`
  WHERE st.`program_id` = `programs`.`id` AND s.`status` = 'accepted' AND s.`deleted_at` IS NULL
);
