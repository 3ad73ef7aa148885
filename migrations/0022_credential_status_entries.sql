ALTER TABLE `certificates` ADD `recipient_id` text;--> statement-breakpoint
ALTER TABLE `certificates` ADD `status_list` integer;--> statement-breakpoint
ALTER TABLE `certificates` ADD `status_index` integer;--> statement-breakpoint
CREATE UNIQUE INDEX `certificates_status_entry` ON `certificates` (`status_list`,`status_index`);