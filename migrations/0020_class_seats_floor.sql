-- A class's seats are never lowered below those already sold or held (issue 40): the admin's edit
-- that would put a class under its taken + held seats fails, whoever sold the last seat meanwhile.
-- Only a lowering is checked: a class a late payment put over its seats (decision 011) stays editable.
CREATE TRIGGER `classes_seats_floor` BEFORE UPDATE OF `seats` ON `classes`
  WHEN new.seats IS NOT NULL AND (old.seats IS NULL OR new.seats < old.seats)
    AND new.seats < (SELECT taken + held FROM class_seats WHERE class_id = new.id)
BEGIN
  SELECT RAISE(ABORT, 'class_seats_below_taken');
END;
