// The printable application form, made in the browser with jsPDF from the data below. Loaded on demand by home.js;
// jsPDF itself (its UMD build, served by the identity service from node_modules) is injected on first use.

export const FILE_NAME = 'WLU-Application-Form.pdf';
export const ADMISSIONS_EMAIL = 'admissions@westlight.example';
const JSPDF_URL = '/vendor/jspdf.umd.min.js';

// Plain ASCII throughout: jsPDF's built-in Helvetica covers it without embedding a font.
export const APPLICATION = {
  title: 'Application for Admission',
  intro:
    'Online degrees and certifications in lighting technology and design for worship, theatrical and ' +
    'live-event work. Type into this form or print it and write clearly. ' +
    'Every field is required unless it says optional.',
  sections: [
    {
      heading: '1. Applicant Information',
      fields: [
        { label: 'Full Name' },
        { label: 'Email Address' },
        { label: 'Phone Number' },
        { label: 'Mailing Address', lines: 2 },
      ],
    },
    {
      heading: '2. Program Choice',
      note: 'Choose one program.',
      choices: [
        'Bachelor of Theatrical Lighting - degree, 4 years, 120 credits',
        'Associate of Lighting Technology - degree, 2 years, 60 credits',
        'Certified Lighting Designer (CLD) - certification, 6 months',
        'Certified Lighting Coordinator (CLC) - certification, 4 months',
        'Individual Courses (name them in your statement)',
      ],
    },
    {
      heading: 'Start Term',
      note: 'Priority and regular deadlines are shown for each term.',
      choices: [
        'Fall 2024 - priority July 1, regular Aug 15',
        'Spring 2025 - priority Nov 1, regular Dec 15',
        'Summer 2025 - priority Mar 1, regular Apr 15',
      ],
    },
    {
      heading: '3. Education',
      fields: [
        { label: 'High School or Equivalent (name, city, year completed)' },
        { label: 'Cumulative GPA' },
        { label: 'Colleges or Training Programs Attended (optional)', lines: 2 },
        { label: 'Lighting Experience: venues and roles (optional)', lines: 2 },
      ],
    },
    {
      heading: '4. Personal Statement',
      note:
        'Attach a personal statement of about 500 words: why lighting, the settings you want to work in (worship, ' +
        'theatre, live events) and what you hope to learn at Westlight. Summarize it here.',
      fields: [{ label: 'Statement Summary', lines: 4 }],
    },
    {
      heading: '5. Admission Requirements Checklist',
      choices: [
        'High school diploma or equivalent',
        'Minimum 2.5 GPA',
        'Letter of recommendation',
        'Personal statement (500 words)',
        'Portfolio (optional)',
      ],
    },
    {
      heading: '6. Signature',
      note: 'I certify that the information in this application is complete and accurate to the best of my knowledge.',
      signature: true,
    },
  ],
  submit: [
    `Email the completed form and your documents to ${ADMISSIONS_EMAIL}.`,
    'Questions: (615) 555-0142, Mon-Fri 8AM-6PM, Sat 9AM-3PM (closed Sunday). We reply within 24 hours.',
  ],
};

let jsPdfLoading;

/** Injects the jsPDF script once and resolves with its namespace (`window.jspdf`). */
function loadJsPdf() {
  jsPdfLoading ??= new Promise((resolve, reject) => {
    if (window.jspdf) return resolve(window.jspdf);
    const script = document.createElement('script');
    script.src = JSPDF_URL;
    script.async = true;
    script.onload = () => (window.jspdf ? resolve(window.jspdf) : reject(new Error('jsPDF did not register')));
    script.onerror = () => {
      jsPdfLoading = undefined; // let a later click try again
      script.remove();
      reject(new Error(`Could not load ${JSPDF_URL}`));
    };
    document.head.append(script);
  });
  return jsPdfLoading;
}

const PAGE = { width: 612, height: 792, margin: 54 }; // US Letter, in points
const INK = [20, 35, 44];
const MUTED = [74, 90, 99];
const BRAND = [25, 48, 61];
const AMBER = [242, 181, 68];

/** Builds the form and saves it as WLU-Application-Form.pdf. Resolves with the file name and admissions email. */
export async function downloadApplication() {
  const { jsPDF } = await loadJsPdf();
  const doc = new jsPDF({ unit: 'pt', format: 'letter' });
  doc.setProperties({
    title: 'Westlight University - Application for Admission',
    subject: APPLICATION.title,
    author: 'Westlight University Admissions',
    creator: 'westlight demo site',
  });
  const width = PAGE.width - PAGE.margin * 2;
  const bottom = PAGE.height - PAGE.margin;
  let y = 0;

  const ensure = (space) => {
    if (y + space <= bottom) return;
    doc.addPage();
    y = PAGE.margin;
  };
  const text = (value, { size = 10, style = 'normal', color = INK, gap = 4 } = {}) => {
    doc.setFont('helvetica', style);
    doc.setFontSize(size);
    doc.setTextColor(...color);
    const lines = doc.splitTextToSize(value, width);
    const lineHeight = size * 1.3;
    ensure(lines.length * lineHeight);
    doc.text(lines, PAGE.margin, y + size);
    y += lines.length * lineHeight + gap;
  };
  const ruled = () => {
    doc.setDrawColor(...MUTED);
    doc.setLineWidth(0.6);
    doc.line(PAGE.margin, y, PAGE.margin + width, y);
  };

  // Letterhead
  doc.setFillColor(...BRAND);
  doc.rect(0, 0, PAGE.width, 86, 'F');
  doc.setFillColor(...AMBER);
  doc.rect(0, 86, PAGE.width, 4, 'F');
  doc.setFont('helvetica', 'bold');
  doc.setFontSize(20);
  doc.setTextColor(255, 255, 255);
  doc.text('Westlight University', PAGE.margin, 42);
  doc.setFont('helvetica', 'normal');
  doc.setFontSize(12);
  doc.text(APPLICATION.title, PAGE.margin, 64);
  y = 110;
  text(APPLICATION.intro, { color: MUTED, gap: 10 });

  for (const section of APPLICATION.sections) {
    ensure(60);
    y += 6;
    text(section.heading, { size: 13, style: 'bold', color: BRAND, gap: 2 });
    if (section.note) text(section.note, { size: 9.5, color: MUTED, gap: 6 });
    for (const field of section.fields ?? []) {
      const lines = field.lines ?? 1;
      ensure(12 + lines * 22);
      text(field.label, { size: 9.5, style: 'bold', gap: 0 });
      for (let i = 0; i < lines; i++) {
        y += 20;
        ruled();
      }
      y += 10;
    }
    for (const choice of section.choices ?? []) {
      ensure(18);
      doc.setDrawColor(...INK);
      doc.setLineWidth(0.8);
      doc.rect(PAGE.margin, y + 1, 9, 9);
      doc.setFont('helvetica', 'normal');
      doc.setFontSize(10);
      doc.setTextColor(...INK);
      doc.text(choice, PAGE.margin + 16, y + 9.5);
      y += 17;
    }
    if (section.signature) {
      ensure(50);
      y += 30;
      doc.setDrawColor(...MUTED);
      doc.setLineWidth(0.6);
      doc.line(PAGE.margin, y, PAGE.margin + width * 0.62, y);
      doc.line(PAGE.margin + width * 0.7, y, PAGE.margin + width, y);
      doc.setFont('helvetica', 'normal');
      doc.setFontSize(9);
      doc.setTextColor(...MUTED);
      doc.text('Signature', PAGE.margin, y + 12);
      doc.text('Date', PAGE.margin + width * 0.7, y + 12);
      y += 24;
    }
    y += 4;
  }

  ensure(70);
  y += 8;
  const boxTop = y;
  y += 10;
  text('How to submit', { size: 12, style: 'bold', color: BRAND, gap: 2 });
  for (const line of APPLICATION.submit) text(line, { gap: 2 });
  doc.setDrawColor(...AMBER);
  doc.setLineWidth(3);
  doc.line(PAGE.margin - 8, boxTop, PAGE.margin - 8, y);

  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    doc.setFont('helvetica', 'normal');
    doc.setFontSize(8);
    doc.setTextColor(...MUTED);
    doc.text(
      `Westlight University - Application for Admission - page ${page} of ${pages}`,
      PAGE.margin,
      PAGE.height - 24,
    );
  }

  doc.save(FILE_NAME);
  return { fileName: FILE_NAME, email: ADMISSIONS_EMAIL };
}
