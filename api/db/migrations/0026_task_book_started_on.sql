ALTER TABLE `task_books` ADD `started_on` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- books started before the day was sent: the day they reached the server, or their first observed JPR if earlier
UPDATE `task_books` SET `started_on` = min(
  substr(`created_at`, 1, 10),
  coalesce(
    (SELECT min(`performed_on`) FROM `jpr_sign_offs` j WHERE j.`task_book_id` = `task_books`.`id` AND j.`method` = 'observed'),
    substr(`created_at`, 1, 10)
  )
);
