CREATE INDEX `skill_attempt_voids_student` ON `skill_attempt_voids` (`student_id`,`skill_id`);
