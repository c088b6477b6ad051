import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { render, toPlainText } from "@react-email/render";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";

// One layout for every kind of email, rendered to HTML and plain text; a dark palette for mail clients
// that honour `prefers-color-scheme`.

export type EmailContent = {
  subject: string;
  /** The inbox preview line, and the digest's line for this email. */
  summary: string;
  heading: string;
  paragraphs: string[];
  details?: [string, string][];
  quote?: { label: string; text: string };
  action?: { label: string; url: string };
};

export type Frame = {
  siteName: string;
  origin: string;
  recipientName: string | null;
  unsubscribeUrl: string | null;
  unsubscribeWhat: string;
};

const light = {
  bg: "#f6f7f9",
  card: "#ffffff",
  text: "#1f2937",
  muted: "#4b5563",
  accent: "#1d4ed8",
  border: "#e5e7eb",
};

// Clients that don't honour it invert colours themselves, which the light palette survives.
const DARK_STYLE = `
:root { color-scheme: light dark; supported-color-schemes: light dark; }
@media (prefers-color-scheme: dark) {
  .body { background-color: #111827 !important; }
  .card { background-color: #1f2937 !important; border-color: #374151 !important; }
  .text, .heading { color: #f3f4f6 !important; }
  .muted { color: #d1d5db !important; }
  .link { color: #93c5fd !important; }
  .button { background-color: #93c5fd !important; color: #111827 !important; }
  .quote { border-color: #93c5fd !important; color: #f3f4f6 !important; }
}`;

const text = { color: light.text, fontSize: "16px", lineHeight: "24px", margin: "0 0 12px" };
const muted = { color: light.muted, fontSize: "13px", lineHeight: "20px", margin: "0 0 6px" };

function Layout({ frame, preview, children }: { frame: Frame; preview: string; children: React.ReactNode }) {
  return (
    <Html lang="en">
      <Head>
        <meta name="color-scheme" content="light dark" />
        <meta name="supported-color-schemes" content="light dark" />
        <style>{DARK_STYLE}</style>
      </Head>
      <Preview>{preview}</Preview>
      <Body
        className="body"
        style={{ backgroundColor: light.bg, fontFamily: "system-ui, sans-serif", margin: 0 }}
      >
        <Container style={{ maxWidth: "560px", padding: "24px 12px" }}>
          <Text className="muted" style={{ ...muted, fontWeight: 600, fontSize: "14px" }}>
            {frame.siteName}
          </Text>
          <Section
            className="card"
            style={{
              backgroundColor: light.card,
              border: `1px solid ${light.border}`,
              borderRadius: "12px",
              padding: "24px",
            }}
          >
            {children}
          </Section>
          <Footer frame={frame} />
        </Container>
      </Body>
    </Html>
  );
}

function Footer({ frame }: { frame: Frame }) {
  return (
    <Section style={{ padding: "16px 4px" }}>
      <Text className="muted" style={muted}>
        You get this email because you have an account at {frame.siteName}.{" "}
        <Link className="link" href={`${frame.origin}/account`} style={{ color: light.accent }}>
          Choose which emails you get
        </Link>
        {frame.unsubscribeUrl ? (
          <>
            {" · "}
            <Link className="link" href={frame.unsubscribeUrl} style={{ color: light.accent }}>
              Unsubscribe from {frame.unsubscribeWhat}
            </Link>
          </>
        ) : null}
      </Text>
    </Section>
  );
}

function Greeting({ name }: { name: string | null }) {
  return (
    <Text className="text" style={text}>
      {name ? `Hi ${name},` : "Hi,"}
    </Text>
  );
}

function Message({ frame, content }: { frame: Frame; content: EmailContent }) {
  return (
    <Layout frame={frame} preview={content.summary}>
      <Heading
        as="h1"
        className="heading"
        style={{ color: light.text, fontSize: "22px", margin: "0 0 16px" }}
      >
        {content.heading}
      </Heading>
      <Greeting name={frame.recipientName} />
      {content.paragraphs.map((p) => (
        <Text key={p} className="text" style={text}>
          {p}
        </Text>
      ))}
      {content.details?.map(([label, value]) => (
        <Text key={label} className="text" style={{ ...text, margin: "0 0 4px" }}>
          <strong>{label}:</strong> {value}
        </Text>
      ))}
      {content.quote ? (
        <>
          <Text className="muted" style={{ ...muted, marginTop: "12px" }}>
            {content.quote.label}
          </Text>
          <Section className="quote" style={{ borderLeft: `3px solid ${light.accent}`, paddingLeft: "12px" }}>
            {/* One paragraph per line, so the plain-text part keeps the feedback's line breaks. */}
            {content.quote.text.split(/\r?\n/).map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one quote never move
              <Text key={i} className="text" style={{ ...text, margin: "0 0 4px" }}>
                {line || "\u00a0"}
              </Text>
            ))}
          </Section>
        </>
      ) : null}
      {content.action ? (
        <Section style={{ marginTop: "20px" }}>
          <Button
            className="button"
            href={content.action.url}
            style={{
              backgroundColor: light.accent,
              color: "#ffffff",
              borderRadius: "8px",
              padding: "12px 18px",
              fontWeight: 600,
              textDecoration: "none",
            }}
          >
            {content.action.label}
          </Button>
        </Section>
      ) : null}
    </Layout>
  );
}

export type DigestItem = { subject: string; summary: string; link: string | null };

function Digest({ frame, items }: { frame: Frame; items: DigestItem[] }) {
  return (
    <Layout frame={frame} preview={`${items.length} updates from ${frame.siteName}`}>
      <Heading
        as="h1"
        className="heading"
        style={{ color: light.text, fontSize: "22px", margin: "0 0 16px" }}
      >
        Your daily digest
      </Heading>
      <Greeting name={frame.recipientName} />
      <Text className="text" style={text}>
        Here is what happened since your last digest.
      </Text>
      <Hr style={{ borderColor: light.border }} />
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a digest's items never move
        <Section key={i} style={{ margin: "12px 0" }}>
          <Text className="text" style={{ ...text, fontWeight: 600, margin: "0 0 4px" }}>
            {item.link ? (
              <Link className="link" href={item.link} style={{ color: light.accent }}>
                {item.subject}
              </Link>
            ) : (
              item.subject
            )}
          </Text>
          <Text className="muted" style={muted}>
            {item.summary}
          </Text>
        </Section>
      ))}
    </Layout>
  );
}

export type Rendered = { html: string; text: string };

/** One render: `plainText: true` would render the element again. */
async function both(element: React.ReactElement): Promise<Rendered> {
  const html = await render(element);
  return { html, text: toPlainText(html) };
}

export function renderMessage(frame: Frame, content: EmailContent): Promise<Rendered> {
  return both(<Message frame={frame} content={content} />);
}

export function renderDigest(frame: Frame, items: DigestItem[]): Promise<Rendered> {
  return both(<Digest frame={frame} items={items} />);
}
