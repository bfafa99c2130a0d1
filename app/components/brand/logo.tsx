// The product mark. The UAM variant (eVTOL rotors) is shown to urban-air-mobility (UAMBOX) users.
import * as s from "./brand.css";

export function Mark({ size = 28, uam = false }: { size?: number; uam?: boolean }) {
  return (
    <svg className={s.mark} width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#0b4f8a" />
      {uam ? (
        <g fill="none" stroke="#fff" strokeWidth="1.8" strokeLinecap="round">
          <circle cx="9" cy="10" r="3.2" />
          <circle cx="23" cy="10" r="3.2" />
          <circle cx="9" cy="22" r="3.2" />
          <circle cx="23" cy="22" r="3.2" />
          <path d="M11.5 12.5l9 7M20.5 12.5l-9 7" stroke="#e8a317" />
        </g>
      ) : (
        <path
          fill="#fff"
          d="M26 19.5v-2l-8-5V7a2 2 0 00-4 0v5.5l-8 5v2l8-2.5V22l-2 1.5V25l4-1 4 1v-1.5L18 22v-5l8 2.5z"
        />
      )}
    </svg>
  );
}

/** "AeroRecords" (or "AeroRecords UAM") with the mark. */
export function Logo({
  uam = false,
  compact = false,
  sub,
  wordmarkClassName,
}: {
  uam?: boolean;
  compact?: boolean;
  sub?: string;
  wordmarkClassName?: string;
}) {
  return (
    <span className={s.logo}>
      <Mark uam={uam} />
      {compact ? null : (
        <span className={wordmarkClassName ? `${s.wordmark} ${wordmarkClassName}` : s.wordmark}>
          Aero<span className={s.accent}>Records</span>
          {uam ? " UAM" : ""}
          {sub ? <span className={s.sub}>{sub}</span> : null}
        </span>
      )}
    </span>
  );
}
