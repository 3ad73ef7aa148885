ALTER TABLE `coupons` ADD `over_limit_uses` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `orders` ADD `coupon_held` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- The coupon uses counted today: unpaid orders hold the ones they reserved when written, paid ones
-- (refunded later or not) took them for good; failed and expired ones gave theirs back (issue 29,
-- item 10).
UPDATE `orders` SET `coupon_held` = 1
  WHERE `status` NOT IN ('failed', 'expired')
  AND EXISTS (SELECT 1 FROM `order_items` i WHERE i.`order_id` = `orders`.`id` AND i.`coupon_id` IS NOT NULL);
