ALTER TABLE `orders` ADD `charge_attempt_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `refunded_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `refunded_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `charged_back_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `refund_key` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `refund_requested_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `refund_requested_cents` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `reconciled_at` integer;--> statement-breakpoint
CREATE INDEX `orders_gateway_charge` ON `orders` (`gateway_charge_id`);--> statement-breakpoint
CREATE INDEX `orders_status_paid` ON `orders` (`status`,`paid_at`);--> statement-breakpoint
ALTER TABLE `plan_payments` ADD `gateway_charge_id` text;--> statement-breakpoint
ALTER TABLE `plan_payments` ADD `refunded_cents` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_coupons` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`type` text DEFAULT 'C' NOT NULL,
	`discount_type` text NOT NULL,
	`discount_percent` integer,
	`discount_cents` integer,
	`class_id` integer,
	`course_id` integer,
	`is_active` integer DEFAULT true NOT NULL,
	`expires_at` integer,
	`max_uses` integer,
	`used_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`class_id`) REFERENCES `classes`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`course_id`) REFERENCES `courses`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "coupons_uses_within_limit" CHECK("__new_coupons"."max_uses" IS NULL OR "__new_coupons"."used_count" <= "__new_coupons"."max_uses")
);
--> statement-breakpoint
INSERT INTO `__new_coupons`("id", "key", "type", "discount_type", "discount_percent", "discount_cents", "class_id", "course_id", "is_active", "expires_at", "max_uses", "used_count", "created_at") SELECT "id", "key", "type", "discount_type", "discount_percent", "discount_cents", "class_id", "course_id", "is_active", "expires_at", "max_uses", "used_count", "created_at" FROM `coupons`;--> statement-breakpoint
DROP TABLE `coupons`;--> statement-breakpoint
ALTER TABLE `__new_coupons` RENAME TO `coupons`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `coupons_key_unique` ON `coupons` (`key`);