PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_audit_log` (
	`id` integer PRIMARY KEY NOT NULL,
	`at` text NOT NULL,
	`actor_id` text,
	`command` text NOT NULL,
	`table_name` text NOT NULL,
	`record_id` text NOT NULL,
	`action` text NOT NULL,
	`changes` text NOT NULL,
	`version` integer NOT NULL
);
--> statement-breakpoint
INSERT INTO `__new_audit_log`("id", "at", "actor_id", "command", "table_name", "record_id", "action", "changes", "version") SELECT "id", "at", "actor_id", "command", "table_name", "record_id", "action", "changes", "version" FROM `audit_log`;--> statement-breakpoint
DROP TABLE `audit_log`;--> statement-breakpoint
ALTER TABLE `__new_audit_log` RENAME TO `audit_log`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE INDEX `audit_log_record` ON `audit_log` (`table_name`,`record_id`);--> statement-breakpoint
CREATE INDEX `audit_log_actor` ON `audit_log` (`actor_id`,`at`);