ALTER TABLE `orders` ADD `recipient_user_id` integer REFERENCES users(id) ON DELETE SET NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `withdrawal_status` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `withdrawal_reason` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `withdrawal_requested_at` integer;--> statement-breakpoint
ALTER TABLE `orders` ADD `withdrawal_answer` text;--> statement-breakpoint
ALTER TABLE `orders` ADD `withdrawal_decided_at` integer;--> statement-breakpoint
CREATE INDEX `orders_withdrawal` ON `orders` (`withdrawal_status`);