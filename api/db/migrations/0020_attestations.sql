CREATE TABLE `attestations` (
	`id` text PRIMARY KEY NOT NULL,
	`student_id` text NOT NULL,
	`role` text NOT NULL,
	`signer_id` text NOT NULL,
	`signer_name` text NOT NULL,
	`signed_at` text NOT NULL,
	`content_hash` text NOT NULL,
	`snapshot` text NOT NULL,
	`exception` text
);
--> statement-breakpoint
CREATE INDEX `attestations_student` ON `attestations` (`student_id`,`signed_at`);--> statement-breakpoint
-- A signature is never edited or removed: a new one on changed evidence is a new row.
CREATE TRIGGER `attestations_no_update` BEFORE UPDATE ON `attestations` BEGIN SELECT RAISE(ABORT, 'attestations are append-only'); END;
--> statement-breakpoint
CREATE TRIGGER `attestations_no_delete` BEFORE DELETE ON `attestations` BEGIN SELECT RAISE(ABORT, 'attestations are append-only'); END;
