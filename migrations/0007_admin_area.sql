CREATE TABLE `qr_click_flushes` (
	`id` text PRIMARY KEY NOT NULL,
	`link_id` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `qr_link_clicks` (
	`link_id` integer NOT NULL,
	`day` text NOT NULL,
	`clicks` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`link_id`, `day`),
	FOREIGN KEY (`link_id`) REFERENCES `qr_links`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `showcase_state` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "showcase_state_single_row" CHECK("showcase_state"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE `bundles` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `classes` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `coupons` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `course_modules` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `courses` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `enrollments` ADD `source` text DEFAULT 'order' NOT NULL;--> statement-breakpoint
ALTER TABLE `enrollments` ADD `note` text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX `enrollments_created` ON `enrollments` (`created_at`);--> statement-breakpoint
ALTER TABLE `leads` ADD `state` text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE `leads` ADD `note` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `leads` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `lessons` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `products` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `qr_links` ADD `is_enabled` integer DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE `qr_links` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
CREATE INDEX `audit_log_created` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE INDEX `orders_paid_at` ON `orders` (`paid_at`);--> statement-breakpoint
CREATE INDEX `orders_created` ON `orders` (`created_at`);--> statement-breakpoint
UPDATE `leads` SET `state` = 'answered' WHERE `is_handled` = 1;
