// The home page: the admissions buttons and the contact form. The PDF code (and jsPDF) loads only on the first
// click of Download Application.
import { showToast } from './site.js';

const download = document.getElementById('download-application');
download?.addEventListener('click', async () => {
  if (download.getAttribute('aria-disabled') === 'true') return;
  // aria-disabled rather than disabled: a disabled button would drop keyboard focus while the PDF is made.
  download.setAttribute('aria-disabled', 'true');
  try {
    const { downloadApplication } = await import('./application-form.js');
    const { email } = await downloadApplication();
    showToast('Application Downloaded', `Please complete the form and email it to ${email}.`);
  } catch (error) {
    console.error('The application form could not be created.', error);
    showToast('Download Failed', 'The application form could not be created. Please try again.');
  } finally {
    download.removeAttribute('aria-disabled');
  }
});

// A real link (target=_blank, rel=noopener) opens the federal student-aid site; we only add the toast.
document.getElementById('financial-aid')?.addEventListener('click', () => {
  showToast('Financial Aid Information', 'Opening federal student aid resources in a new tab.');
});

// The contact form sends nothing: the browser checks the required fields, then we clear the form and confirm.
const form = document.getElementById('contact-form');
form?.addEventListener('submit', (event) => {
  event.preventDefault();
  form.reset();
  showToast('Message Sent!', "Thank you for your interest. We'll contact you within 24 hours.");
});
