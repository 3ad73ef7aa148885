DROP INDEX `reminders_email`;--> statement-breakpoint
ALTER TABLE `reminders` ADD `is_capped` integer DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX `reminders_email` ON `reminders` (`email`,`kind`,`created_at`);