// Fixed local ports of every server `npm start` runs. One place, read by webpack, scripts and tests.
const PORTS = {
  shell: 4200,
  deal: 4201,
  notes: 4202,
  tasks: 4203,
  products: 4204,
  contacts: 4205,
  credentials: 4206,
  'host-sim': 4300,
  api: 3333,
  'crm-sandbox': 4010,
};

const REMOTES = ['deal', 'notes', 'tasks', 'products', 'contacts', 'credentials'];

module.exports = { PORTS, REMOTES };
