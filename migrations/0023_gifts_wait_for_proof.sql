ALTER TABLE `orders` ADD `gift_claim_email` text;--> statement-breakpoint
CREATE INDEX `orders_gift_claim_email` ON `orders` (`gift_claim_email`);