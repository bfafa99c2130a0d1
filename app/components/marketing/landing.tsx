// The landing page's parts (app/routes/_index.tsx): the header, the sections from "Home" to the
// "Join Us" band, the contact details and the footer.
import { Link } from "@remix-run/react";
import { Logo } from "~/components/brand/logo";
import { BuildingIcon } from "~/components/icons/building";
import { CheckIcon } from "~/components/icons/check";
import { DropIcon } from "~/components/icons/drop";
import { FolderIcon } from "~/components/icons/folder";
import { GaugeIcon } from "~/components/icons/gauge";
import { MailIcon } from "~/components/icons/mail";
import { PhoneIcon } from "~/components/icons/phone";
import { PinIcon } from "~/components/icons/pin";
import { PlaneIcon } from "~/components/icons/plane";
import { SearchIcon } from "~/components/icons/search";
import { ShieldIcon } from "~/components/icons/shield";
import { WrenchIcon } from "~/components/icons/wrench";
import * as ui from "~/components/ui/ui.css";
import * as m from "./marketing.css";
import { AIRCRAFT_STATUS_LABEL } from "~/models/status-labels";

const SERVICES = [
  {
    title: "Project Support",
    text: "Experienced hands for the milestones of an asset's life.",
    icon: <PlaneIcon size={22} />,
    items: ["Annual audit", "Pre-purchase", "Redelivery", "New aircraft delivery", "Storage monitoring"],
  },
  {
    title: "Transition Support",
    text: "Aircraft moving between operators, with records that stand up to scrutiny.",
    icon: <FolderIcon size={22} />,
    items: ["Asset management", "Physical inspection", "Record review", "Records scanning", "Record recovery"],
  },
  {
    title: "Third-Party Support",
    text: "Specialist partners when your own team needs more reach.",
    icon: <WrenchIcon size={22} />,
    items: ["CAMO", "MRO", "Ferry flight services"],
  },
] as const;

const TESTIMONIES = [
  {
    quote: "Redelivery used to mean three weeks of chasing paper. With every record per MSN in one place, our last return closed in eight days.",
    who: "Technical Director",
    org: "European aircraft lessor",
  },
  {
    quote: "We booked a records review in South-East Asia on Monday and had a consultant on site by Thursday. The pool is real.",
    who: "Head of Asset Management",
    org: "Regional airline group",
  },
  {
    quote: "AeroOIL shows us oil trends across the fleet at a glance, and the status dashboard is what our engineers open first every morning.",
    who: "Powerplant Engineer",
    org: "Helicopter operator",
  },
] as const;

const CLIENT_KINDS = [
  { label: "Aircraft lessors", icon: <BuildingIcon size={26} /> },
  { label: "Airlines", icon: <PlaneIcon size={26} /> },
  { label: "Helicopter operators", icon: <GaugeIcon size={26} /> },
  { label: "MRO shops", icon: <WrenchIcon size={26} /> },
  { label: "Asset managers", icon: <FolderIcon size={26} /> },
  { label: "eVTOL / UAM operators", icon: <DropIcon size={26} /> },
] as const;

export function LandingHeader() {
  return (
    <header className={m.header}>
        <div className={m.headerInner}>
          <Link to="/" className={m.brand} aria-label="AeroRecords home">
            <Logo />
          </Link>
          <nav className={m.nav} aria-label="Sections">
            <a href="#home">Home</a>
            <a href="#about">About us</a>
            <a href="#services">Services</a>
            <a href="#testimony">Testimony</a>
            <a href="#clients">Clients</a>
            <a href="#contact">Contact us</a>
          </nav>
          <div className={m.headerActions}>
            <Link to="/auth/login" className={`${ui.button.ghost} ${ui.buttonSmall}`}>
              Log in
            </Link>
            <Link to="/auth/register" className={`${ui.button.primary} ${ui.buttonSmall}`}>
              Register
            </Link>
          </div>
        </div>
      </header>
  );
}

export function LandingSections() {
  return (
    <>
        <section id="home" className={m.hero} aria-labelledby="home-title">
          <div className={m.heroInner}>
            <div>
              <span className={m.eyebrow}>Records · Operations · Oil analysis</span>
              <h1 id="home-title" className={m.heroTitle}>
                Every record of your fleet, ready when the aircraft moves.
              </h1>
              <p className={m.heroText}>
                AeroRecords keeps aircraft and helicopter records per MSN, runs operations and oil analysis on the same
                aircraft, and connects you with technical consultants in more than 100 countries.
              </p>
              <div className={m.heroCtas}>
                <Link to="/auth/register" className={ui.button.accent}>
                  Join Us
                </Link>
                <a href="#services" className={`${ui.button.secondary} ${m.heroGhost}`}>
                  Our services
                </a>
              </div>
              <div className={m.heroStats}>
                <div className={m.heroStat}>
                  <span className={m.heroStatValue}>100+</span>
                  <span className={m.heroStatLabel}>countries for aircraft</span>
                </div>
                <div className={m.heroStat}>
                  <span className={m.heroStatValue}>30+</span>
                  <span className={m.heroStatLabel}>countries for helicopters</span>
                </div>
                <div className={m.heroStat}>
                  <span className={m.heroStatValue}>3</span>
                  <span className={m.heroStatLabel}>products, one sign-in</span>
                </div>
              </div>
            </div>
            <ProductMock />
          </div>
        </section>

        <section id="about" className={m.section} aria-labelledby="about-title">
          <div className={m.sectionInner}>
            <div className={m.twoCol}>
              <div className={m.sectionHead}>
                <span className={m.eyebrow} style={{ color: "#0b4f8a" }}>
                  About us
                </span>
                <h2 id="about-title" className={m.sectionTitle}>
                  Built with lessors, operators and the engineers who keep their records.
                </h2>
                <p className={m.sectionText}>
                  Our consultant pool covers more than 100 countries for aircraft and more than 30 for helicopters. They
                  review records, inspect aircraft, scan records and manage projects, and they work in the same portal
                  as you, on the records you give them access to.
                </p>
              </div>
              <ul className={m.featureList}>
                <li className={m.feature}>
                  <span className={m.featureIcon}>
                    <FolderIcon />
                  </span>
                  <div>
                    <h3>Records storage</h3>
                    <p>Folders and files per aircraft, uploads that survive a dropped link, and search by name across the fleet.</p>
                  </div>
                </li>
                <li className={m.feature}>
                  <span className={m.featureIcon}>
                    <GaugeIcon />
                  </span>
                  <div>
                    <h3>AeroOPS</h3>
                    <p>Airworthiness (AeroCAMO), transition (AeroSORT) and maintenance (AeroMRO): tabs, work orders and technical logbooks per MSN.</p>
                  </div>
                </li>
                <li className={m.feature}>
                  <span className={m.featureIcon}>
                    <DropIcon />
                  </span>
                  <div>
                    <h3>AeroOIL</h3>
                    <p>Oil analysis with a status dashboard and ABC listing, linked to the operations data of the same aircraft.</p>
                  </div>
                </li>
                <li className={m.feature}>
                  <span className={m.featureIcon}>
                    <ShieldIcon />
                  </span>
                  <div>
                    <h3>Access per aircraft</h3>
                    <p>Read Access, Edit Access or Super User for each person and each aircraft, and IP allow-lists per organization.</p>
                  </div>
                </li>
              </ul>
            </div>
          </div>
        </section>

        <section id="services" className={m.sectionAlt} aria-labelledby="services-title">
          <div className={m.sectionInner}>
            <div className={m.sectionHead}>
              <h2 id="services-title" className={m.sectionTitle}>
                Services
              </h2>
              <p className={m.sectionText}>From a single records review to a full transition: book the people, keep the records.</p>
            </div>
            <div className={m.cards}>
              {SERVICES.map((group) => (
                <article key={group.title} className={m.serviceCard}>
                  <span className={m.featureIcon}>{group.icon}</span>
                  <h3>{group.title}</h3>
                  <p>{group.text}</p>
                  <ul className={m.serviceList}>
                    {group.items.map((item) => (
                      <li key={item}>
                        <CheckIcon /> {item}
                      </li>
                    ))}
                  </ul>
                </article>
              ))}
            </div>
          </div>
        </section>

        <section id="testimony" className={m.section} aria-labelledby="testimony-title">
          <div className={m.sectionInner}>
            <div className={m.sectionHead}>
              <h2 id="testimony-title" className={m.sectionTitle}>
                Testimony
              </h2>
              <p className={m.sectionText}>What the people who use it every day say.</p>
            </div>
            <div className={m.cards}>
              {TESTIMONIES.map((t) => (
                <figure key={t.who} className={m.quote}>
                  <blockquote>“{t.quote}”</blockquote>
                  <figcaption>
                    <strong>{t.who}</strong>
                    {t.org}
                  </figcaption>
                </figure>
              ))}
            </div>
          </div>
        </section>

        <section id="clients" className={m.sectionAlt} aria-labelledby="clients-title">
          <div className={m.sectionInner}>
            <div className={m.sectionHead}>
              <h2 id="clients-title" className={m.sectionTitle}>
                Clients
              </h2>
              <p className={m.sectionText}>Lessors, operators and maintenance organizations keep their fleets' records with us.</p>
            </div>
            <div className={m.clients}>
              {CLIENT_KINDS.map((c) => (
                <div key={c.label} className={m.clientTile}>
                  {c.icon}
                  {c.label}
                </div>
              ))}
            </div>
          </div>
        </section>

        <div className={m.joinBand}>
          <div className={m.joinInner}>
            <div>
              <h2>Bring your fleet's records together.</h2>
              <p>Register as a client or as a consultant: it takes a minute.</p>
            </div>
            <Link to="/auth/register" className={ui.button.accent}>
              Join Us
            </Link>
          </div>
        </div>
    </>
  );
}

export function ContactDetails() {
  return (
              <div>
                <h2 id="contact-title" className={m.sectionTitle}>
                  Contact us
                </h2>
                <p className={m.sectionText}>A question about the products or a project? Write to us, or use the question form.</p>
                <ul className={m.contactList}>
                  <li>
                    <span className={m.featureIcon}>
                      <MailIcon />
                    </span>
                    <span>
                      E-mail
                      <br />
                      <a href="mailto:contact@demo.aero">contact@demo.aero</a>
                    </span>
                  </li>
                  <li>
                    <span className={m.featureIcon}>
                      <PhoneIcon />
                    </span>
                    <span>
                      Phone
                      <br />
                      <a href="tel:+442079460958">+44 20 7946 0958</a>
                    </span>
                  </li>
                  <li>
                    <span className={m.featureIcon}>
                      <PinIcon />
                    </span>
                    <span>
                      Office
                      <br />
                      1 Hangar Lane, London TW6 2GA, United Kingdom
                    </span>
                  </li>
                </ul>
              </div>
  );
}

export function LandingFooter() {
  return (
      <footer className={m.footer}>
        <div className={m.footerInner}>
          <span>© {new Date().getFullYear()} AeroRecords</span>
          <span>
            <Link to="/auth/login">Log in</Link> · <Link to="/auth/register">Register</Link> · Best viewed in Google Chrome
          </span>
        </div>
      </footer>
  );
}

function ProductMock() {
  const rows = [
    ["MSN 4521 · A320-200", "IN OPERATION"],
    ["MSN 1187 · B737-800", "IN TRANSITION"],
    ["MSN 0932 · ATR 72-600", "GROUNDED"],
    ["MSN 7702 · AW139", "IN OPERATION"],
  ] as const;
  const tone = { "IN OPERATION": "success", "IN TRANSITION": "warning", GROUNDED: "danger" } as const;
  return (
    <div className={m.mock} aria-hidden="true">
      <div className={m.mockBar}>
        <span className={m.mockDot} />
        <span className={m.mockDot} />
        <span className={m.mockDot} />
      </div>
      <div className={m.mockBody}>
        <div className={m.mockNav}>
          <strong style={{ color: "#fff" }}>Fleet</strong>
          <span>Overview</span>
          <span>OCR Report</span>
          <span>Inventory</span>
          <span>Favourites</span>
          <span style={{ marginTop: 12, color: "#8ea3ba" }}>USERS</span>
          <span>J. Rivera · Super User</span>
          <span>K. Osei · Read Access</span>
        </div>
        <div className={m.mockMain}>
          <div style={{ display: "flex", alignItems: "center", gap: 8, color: "#5b6b7e" }}>
            <SearchIcon size={14} /> Search aircraft with MSN
          </div>
          <div className={m.mockStats}>
            {(
              [
                ["24", "Total"],
                ["3", "Grounded"],
                ["18", "Operational"],
                ["3", "Transition"],
              ] as const
            ).map(([v, l]) => (
              <div key={l} className={m.mockStat}>
                <strong style={{ fontSize: 18 }}>{v}</strong>
                <span style={{ color: "#5b6b7e", fontSize: 11 }}>{l}</span>
              </div>
            ))}
          </div>
          <div>
            {rows.map(([name, status]) => (
              <div key={name} className={m.mockRow}>
                <span style={{ display: "flex", gap: 6, alignItems: "center" }}>
                  <PlaneIcon size={14} /> {name}
                </span>
                <span className={`${ui.badge} ${ui.badgeTone[tone[status]]}`}>{AIRCRAFT_STATUS_LABEL[status]}</span>
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}
