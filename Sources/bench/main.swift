import BenchCLI
import Foundation

exit(await BenchMain.run())
