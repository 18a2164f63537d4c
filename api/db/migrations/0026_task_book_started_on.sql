ALTER TABLE `task_books` ADD `started_on` text DEFAULT '' NOT NULL;--> statement-breakpoint
-- books started before the day was sent: the day they reached the server
UPDATE `task_books` SET `started_on` = substr(`created_at`, 1, 10);
