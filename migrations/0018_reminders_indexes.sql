CREATE INDEX `reminders_checkout` ON `reminders` (`checkout_id`);--> statement-breakpoint
CREATE INDEX `reminders_email` ON `reminders` (`email`);