ALTER TABLE `certificates` ADD `suspended_at` integer;--> statement-breakpoint
ALTER TABLE `certificates` ADD `suspended_reason` text;--> statement-breakpoint
ALTER TABLE `certificates` ADD `evidence` text;