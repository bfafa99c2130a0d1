// A star rating out of 5 (spec §9). Screen readers hear "4.5 out of 5" (role img); sighted users see
// five stars filled to the rating, the figure and the number of ratings.
import { RATING_MAX } from "~/models/consultant-rules";
import * as s from "./star-rating.css";

function Star() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path fill="currentColor" d="M12 2.8l2.9 5.9 6.5.9-4.7 4.6 1.1 6.4L12 17.6l-5.8 3 1.1-6.4-4.7-4.6 6.5-.9L12 2.8z" />
    </svg>
  );
}

function Row() {
  return (
    <span className={s.row}>
      {Array.from({ length: RATING_MAX }, (_, i) => (
        <Star key={i} />
      ))}
    </span>
  );
}

export const ratingLabel = (rating: number | null) => (rating == null ? "Not rated yet" : `${rating.toLocaleString("en-US", { maximumFractionDigits: 1 })} out of ${RATING_MAX}`);

export function StarRating({ rating, count }: { rating: number | null; count?: number }) {
  const pct = rating == null ? 0 : Math.max(0, Math.min(100, (rating / RATING_MAX) * 100));
  const label = ratingLabel(rating);
  return (
    <span className={s.wrap} data-rating={rating ?? ""}>
      <span className={s.stars} role="img" aria-label={label} title={label}>
        <span className={s.empty}>
          <Row />
        </span>
        <span className={s.filled} style={{ width: `${pct}%` }}>
          <Row />
        </span>
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
