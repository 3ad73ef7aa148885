ALTER TABLE `orders` ADD `received_cents` integer;--> statement-breakpoint
ALTER TABLE `plan_payments` ADD `received_cents` integer;