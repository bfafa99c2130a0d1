// A star rating out of 5 (spec §9). Screen readers hear "4.5 out of 5" (role img); sighted users see
// five stars filled to the rating (drawn by CSS), the figure and the number of ratings.
import { RATING_MAX } from "~/models/consultant-rules";
import * as s from "./star-rating.css";

export const ratingLabel = (rating: number | null) =>
  rating == null ? "Not rated yet" : `${rating.toLocaleString("en-US", { maximumFractionDigits: 1 })} out of ${RATING_MAX}`;

export function StarRating({ rating, count }: { rating: number | null; count?: number }) {
  const pct = rating == null ? 0 : Math.max(0, Math.min(100, (rating / RATING_MAX) * 100));
  const label = ratingLabel(rating);
  return (
    <span className={s.wrap} data-rating={rating ?? ""}>
      <span className={s.stars} role="img" aria-label={label} title={label}>
        <span className={s.filled} style={{ width: `${pct}%` }} />
      </span>
      {rating == null ? (
        <span className={s.count} aria-hidden="true">
          No ratings yet
        </span>
      ) : (
        <>
          <span className={s.value} aria-hidden="true">
            {rating.toFixed(1)}
          </span>
          {count != null ? (
            <span className={s.count}>
              ({count} {count === 1 ? "rating" : "ratings"})
            </span>
          ) : null}
        </>
      )}
    </span>
  );
}
